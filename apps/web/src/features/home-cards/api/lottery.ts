import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';

/** One game's round in the home heartbeat (`Lottery/heart` with empty ids). */
export interface HomeGameRound {
  game_id: number;
  name: string;
  /** 1 open, anything else stopped (outside opening hours or disabled). */
  game_status: number;
  /** The real number of bets placed in the current round (DESIGN §9). */
  order_count: number;
  last_issue: { issue: string; site_1: number; site_2: number; site_3: number; code: number } | null;
  /** Current round number. */
  issue: string;
  whether_close: boolean;
  /** Seconds until the draw, when the server answered. */
  openTime: number;
  /** Seconds until betting closes (0 once closed). */
  closeTime: number;
}

export interface HomeHeart {
  games: HomeGameRound[];
}

/** A drawn round as `Lottery/issueList` answers it (newest first). */
export interface DrawEntry {
  id: number;
  issue: string;
  site_1: number;
  site_2: number;
  site_3: number;
  /** The total, 0–27. */
  code: number;
}

export const HOME_HEART_MS = 5000;

/**
 * Every game's current round, polled every 5 s (spec §9). TanStack Query stops the interval while
 * the page is hidden, so a phone in a pocket sends nothing.
 */
export const homeHeartQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'heart', 'home'] as const,
    queryFn: ({ signal }) => apiPost<HomeHeart>('/api/Lottery/heart', {}, { signal }),
    refetchInterval: HOME_HEART_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export const useHomeHeart = () => useQuery(homeHeartQuery());

export const CARD_CODES = 36;

/**
 * The 36 latest draws of a game. Keyed by the last drawn issue the heartbeat reports, so it is
 * fetched once per draw, and the previous grid stays on screen while the next one loads.
 */
export function useRecentCodes(gameId: number, lastIssue: string | undefined) {
  return useQuery({
    queryKey: ['lottery', 'issueList', gameId, CARD_CODES, lastIssue ?? ''] as const,
    queryFn: ({ signal }) => apiPost<DrawEntry[]>('/api/Lottery/issueList', { game_id: gameId, limit: CARD_CODES }, { signal }),
    enabled: lastIssue !== undefined,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
