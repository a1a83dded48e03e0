import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../lib/api';

export type GameView = AnswerOf<typeof api.admin.gameConfig>['games'][number];
export type RoomView = GameView['rooms'][number];
export type OddsView = RoomView['odds'][number];

export const gameConfigKey = ['gameConfig'];

/** The games and rooms as the screen reads them (also fetched by its route as the screen's code loads). */
export const gameConfigQuery = { queryKey: gameConfigKey, queryFn: () => call(api.admin.gameConfig) };
