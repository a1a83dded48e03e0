import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from './api';
import { apiLangOf } from './languages';

/**
 * The games and their rooms as the console reads them (admin/gameConfig, open to every role): the games
 * screen edits them, other screens name and pick a room from the same query, read once.
 */
export type GameConfig = AnswerOf<typeof api.admin.gameConfig>;
export type ConfigRoom = GameConfig['games'][number]['rooms'][number];

export const gameConfigKey = ['gameConfig'];

/** The games and rooms (also fetched by a route as its screen's code loads). */
export const gameConfigQuery = { queryKey: gameConfigKey, queryFn: () => call(api.admin.gameConfig) };

/** A room's title in the operator's language (the console's `language`), the stored title when it has none. */
export const roomTitle = (room: Pick<ConfigRoom, 'title' | 'title_i18n'>, language: string): string => room.title_i18n?.[apiLangOf(language)] || room.title;
