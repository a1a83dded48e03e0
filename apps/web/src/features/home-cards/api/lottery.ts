import { useQuery } from '@tanstack/react-query';
import { drawsAsOfQuery, heartRefresh, homeHeartQuery, type HomeHeart } from '../../../lib/api/lottery';
import { applyHomeEvent } from '../../../lib/api/heartEvents';
import { useHeartStream } from '../../../hooks/useHeartStream';

export const HOME_HEART_MS = 5000;

const HOME_STREAM = {};

/**
 * Every game's current round: pushed by the live stream while it works, else polled every 5 s
 * (docs/product.md#constants-and-game-rules). Both stop while the page is hidden, so a phone in a pocket sends nothing.
 */
export function useHomeHeart() {
  const options = homeHeartQuery();
  const live = useHeartStream(options.queryKey, HOME_STREAM, applyHomeEvent<HomeHeart>);
  return useQuery({ ...options, ...heartRefresh(live, HOME_HEART_MS) });
}

export const CARD_CODES = 36;

/** The 36 latest draws of a game, fetched again once per draw. */
export const useRecentCodes = (gameId: number, lastIssue: string | undefined) => useQuery(drawsAsOfQuery(gameId, CARD_CODES, lastIssue));
