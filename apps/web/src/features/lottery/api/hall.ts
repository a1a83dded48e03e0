import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import type { HallGame } from '../model/rooms';

export interface HallData {
  gameList: (HallGame & { tab_index: number; game_status: number; open_from: string | null; open_to: string | null })[];
}

/** `Lottery/index`: every game with its rooms; presence (`robot_num`) is real, so it refreshes every 15 s. */
export const hallQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'hall'] as const,
    queryFn: ({ signal }) => apiPost<HallData>('/api/Lottery/index', {}, { signal }),
    staleTime: 10_000,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
  });

export const useHall = () => useQuery(hallQuery());
