import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import type { CandleEntry } from '../model/candles';

export interface DrawEntry {
  id: number;
  game_id: number;
  issue: string;
  site_1: number;
  site_2: number;
  site_3: number;
  /** Total 0–27. */
  code: number;
  /** Localised size and parity tags. */
  base: string[];
  /** "3+5+7=15". */
  join: string;
  numbers: number[];
  /** Draw time, Unix seconds. */
  opentime: number;
}

/** `Lottery/issueList`: the game's draws, newest first; refreshed every 15 s while shown. */
export function useDraws(gameId: number, limit = 100) {
  return useQuery({
    queryKey: ['lottery', 'issueList', gameId, limit, 'page'] as const,
    queryFn: ({ signal }) => apiPost<DrawEntry[]>('/api/Lottery/issueList', { game_id: gameId, limit }, { signal }),
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
    queryFn: ({ signal }) => apiPost<CandleEntry[]>('/api/Lottery/cand', { game_id: gameId, limit }, { signal }),
    enabled: gameId > 0,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
