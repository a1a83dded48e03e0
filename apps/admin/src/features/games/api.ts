import type { AnswerOf } from '@lucky28/shared/api';
import type * as api from '@lucky28/shared/api/refs';

export type GameView = AnswerOf<typeof api.admin.gameConfig>['games'][number];
export type RoomView = GameView['rooms'][number];
export type OddsView = RoomView['odds'][number];

export const gameConfigKey = ['gameConfig'];
