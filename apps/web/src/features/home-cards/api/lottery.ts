import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { homeHeartQuery, issueListQuery, type HomeHeart } from '../../../lib/api/lottery';
import { applyHomeEvent } from '../../../lib/api/heartEvents';
import { useHeartStream } from '../../../hooks/useHeartStream';

export const HOME_HEART_MS = 5000;

const HOME_STREAM = {};

/**
 * Every game's current round: pushed by the live stream while it works, else polled every 5 s
 * (spec §9). Both stop while the page is hidden, so a phone in a pocket sends nothing.
 */
export function useHomeHeart() {
  const options = homeHeartQuery();
  const live = useHeartStream(options.queryKey, HOME_STREAM, applyHomeEvent<HomeHeart>);
  return useQuery({
    ...options,
    refetchInterval: live ? false : HOME_HEART_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export const CARD_CODES = 36;

/**
 * The 36 latest draws of a game. Keyed by the last drawn issue the heartbeat reports, so it is
 * fetched once per draw, and the previous grid stays on screen while the next one loads.
 */
export function useRecentCodes(gameId: number, lastIssue: string | undefined) {
  return useQuery({
    ...issueListQuery(gameId, CARD_CODES, lastIssue ?? ''),
    enabled: lastIssue !== undefined,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
