import { useQuery } from '@tanstack/react-query';
import { lotteryIndexQuery } from '../lib/api/lottery';
import { dateInZone, deviceZone } from '../lib/operatorTime';
import { useNow } from './useNow';

/** The operator's time zone from `Lottery/index` (the device's until it has answered). */
export function useOperatorZone(): string {
  const hall = useQuery({ ...lotteryIndexQuery(), select: (h) => h.time_zone, staleTime: 5 * 60_000 });
  return hall.data ?? deviceZone();
}

/** The operator's zone and its calendar date, following the clock across midnight (the small date bar re-renders, not the list). */
export function useOperatorToday(): { zone: string; today: string; now: number } {
  const zone = useOperatorZone();
  const now = useNow();
  return { zone, today: dateInZone(now, zone), now };
}
