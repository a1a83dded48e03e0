/** The five games (docs/product.md#home, docs/design.md#games-rounds-and-provably-fair-draws): id = the brief's region code, tab index on home and in the hall. */
export type GameCode = 'us' | 'eu' | 'kr' | 'au' | 'ca';

export interface GameInfo {
  id: number;
  tabIndex: number;
  /** Short code: the key of the game's name in the apps' texts (`games.<code>`). */
  code: GameCode;
  /** Translation key of the game's name in the API catalogue. */
  nameKey: string;
}

export const GAMES: readonly GameInfo[] = [
  { id: 7, tabIndex: 0, code: 'us', nameKey: 'game.7' },
  { id: 6, tabIndex: 1, code: 'eu', nameKey: 'game.6' },
  { id: 5, tabIndex: 2, code: 'kr', nameKey: 'game.5' },
  { id: 2, tabIndex: 3, code: 'au', nameKey: 'game.2' },
  { id: 1, tabIndex: 4, code: 'ca', nameKey: 'game.1' },
];

const CODE_BY_ID = new Map(GAMES.map((g) => [g.id, g.code]));

/** The game's code for its id (region code), or undefined for an unknown id. */
export const gameCode = (gameId: number): GameCode | undefined => CODE_BY_ID.get(gameId);
