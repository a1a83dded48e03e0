import { GAMES } from '@lucky28/shared/game';
import type { ApiLang } from '@lucky28/shared/messages';
import { toApiLang } from './languages';

/** The room tiers named in the shared catalogue (`room.tier.<type>`). */
const TIER_TYPES = [0, 1, 2, 3] as const;

type Messages = Record<string, string>;

/**
 * The names of the server's message catalogue in one language, each its own chunk: only the language in
 * use is downloaded, and of it only the game and tier names (`?names`, vite.config.ts).
 */
const catalogues: Record<ApiLang, () => Promise<{ default: Messages }>> = {
  zh: () => import('@lucky28/shared/messages/zh.json?names'),
  tw: () => import('@lucky28/shared/messages/tw.json?names'),
  en: () => import('@lucky28/shared/messages/en.json?names'),
  vi: () => import('@lucky28/shared/messages/vi.json?names'),
};

export const loadSharedMessages = (uiLang: string): Promise<Messages> => catalogues[toApiLang(uiLang)]().then((m) => m.default);

/**
 * Names the server also answers with, taken from its one catalogue (packages/shared/src/messages)
 * instead of a second translation in the app: the games (`games.<code>`) and the room tiers
 * (`hall.tier.<type>`). Merged into each UI language's texts as they load.
 */
export function sharedNames(messages: Messages) {
  const name = (key: string) => messages[key] ?? key;
  return {
    games: Object.fromEntries(GAMES.map((g) => [g.code, name(g.nameKey)])),
    hall: { tier: Object.fromEntries(TIER_TYPES.map((type) => [String(type), name(`room.tier.${type}`)])) },
  };
}

/** A loaded catalogue with the shared names added (the catalogue has none of these keys of its own). */
export function withSharedNames(messages: Messages, catalogue: Record<string, unknown>): Record<string, unknown> {
  const names = sharedNames(messages);
  const hall = (catalogue.hall ?? {}) as Record<string, unknown>;
  return { ...catalogue, games: names.games, hall: { tier: names.hall.tier, ...hall } };
}
