import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { homeHeartQuery, issueListQuery } from '../../../lib/api/lottery';

export const HOME_HEART_MS = 5000;

/**
 * Every game's current round, polled every 5 s (spec §9). TanStack Query stops the interval while
 * the page is hidden, so a phone in a pocket sends nothing.
 */
export const useHomeHeart = () =>
  useQuery({
    ...homeHeartQuery(),
    refetchInterval: HOME_HEART_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

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
