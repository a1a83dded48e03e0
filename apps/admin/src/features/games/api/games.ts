import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { apiLangOf } from '../../../lib/languages';

export type GameView = AnswerOf<typeof api.admin.gameConfig>['games'][number];
export type RoomView = GameView['rooms'][number];
export type OddsView = RoomView['odds'][number];

export const gameConfigKey = ['gameConfig'];

/** The games and rooms as the screen reads them (also fetched by its route as the screen's code loads). */
export const gameConfigQuery = { queryKey: gameConfigKey, queryFn: () => call(api.admin.gameConfig) };

/** A room's title in the operator's language (the console's `language`), the stored title when it has none. */
export const roomTitle = (room: Pick<RoomView, 'title' | 'title_i18n'>, language: string): string => room.title_i18n?.[apiLangOf(language)] || room.title;
