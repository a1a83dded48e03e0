import { gameCode } from '@lucky28/shared/game';

/** The key of a game's name in the UI texts (`games.<code>`); an unknown id reads as the first game. */
export const gameNameKey = (gameId: number): string => `games.${gameCode(gameId) ?? 'us'}`;
