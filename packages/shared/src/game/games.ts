/** The five games (spec §2.3, DESIGN §5): id = spec region code, tab index on home and in the hall. */
export interface GameInfo {
  id: number;
  tabIndex: number;
  /** Translation key of the game's name. */
  nameKey: string;
}

export const GAMES: readonly GameInfo[] = [
  { id: 7, tabIndex: 0, nameKey: 'game.7' },
  { id: 6, tabIndex: 1, nameKey: 'game.6' },
  { id: 5, tabIndex: 2, nameKey: 'game.5' },
  { id: 2, tabIndex: 3, nameKey: 'game.2' },
  { id: 1, tabIndex: 4, nameKey: 'game.1' },
];

export const GAME_IDS: readonly number[] = GAMES.map((g) => g.id);
