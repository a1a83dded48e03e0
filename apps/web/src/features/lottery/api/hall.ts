import { useQuery } from '@tanstack/react-query';
import { lotteryIndexQuery } from '../../../lib/api/lottery';

/** `Lottery/index`: every game with its rooms; presence (`robot_num`) is real, so it refreshes every 15 s. */
export const useHall = () =>
  useQuery({
    ...lotteryIndexQuery(),
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
  });
