import { api } from './api';

/** Pending work per queue; null for a queue the operator's role does not work. */
export interface QueueCounts {
  deposits: number | null;
  withdrawals: number | null;
  real_names: number | null;
}

/**
 * Refreshed every 10 s: the menu's live counts of pending work. A queue refreshes it by this key
 * after each decision, so the menu follows at once.
 */
export const queueCountsQuery = { queryKey: ['queueCounts'], queryFn: () => api<QueueCounts>('queueCounts'), refetchInterval: 10_000 };
