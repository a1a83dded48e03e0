/** The five games in home-card order (DESIGN §5): 7 American, 6 European, 5 Korean, 2 Australian, 1 Canadian. */
export const GAME_IDS = [7, 6, 5, 2, 1] as const;
