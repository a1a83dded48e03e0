import { gameCode } from '@lucky28/shared/game';

/** The key of a game's name in the UI texts (`games.<code>`); an unknown id reads as the first game. */
export const gameNameKey = (gameId: number): string => `games.${gameCode(gameId) ?? 'us'}`;

/**
 * The name a room is shown by: its title, which the server answers in the player's language (the
 * seeded tiers carry their names from the shared catalogue); an empty title reads as the tier's name.
 */
export const roomName = (plan: { title: string }, tierName: string): string => plan.title.trim() || tierName;
