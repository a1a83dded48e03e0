import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { issueListQuery } from '../../../lib/api/lottery';

/** `Lottery/issueList`: the game's draws, newest first; refreshed every 15 s while shown. */
export function useDraws(gameId: number, limit = 100) {
  return useQuery({
    ...issueListQuery(gameId, limit, 'page'),
    enabled: gameId > 0,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

/** `Lottery/cand`: candles computed by the server from real draws only, oldest first. */
export function useCandles(gameId: number, limit = 100) {
  return useQuery({
    queryKey: ['lottery', 'cand', gameId, limit] as const,
    queryFn: ({ signal }) => call(api.lottery.cand, { game_id: gameId, limit }, { signal }),
    enabled: gameId > 0,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

/** `Lottery/statistics`: the game's missing counts and current runs over all its own draws; refreshed with the draws. */
export function useDrawStatistics(gameId: number) {
  return useQuery({
    queryKey: ['lottery', 'statistics', gameId] as const,
    queryFn: ({ signal }) => call(api.lottery.statistics, { game_id: gameId }, { signal }),
    enabled: gameId > 0,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
