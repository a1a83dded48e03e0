import * as api from '@lucky28/shared/api/refs';
import { call } from './api';

/**
 * Refreshed every 10 s: the menu's live counts of pending work (null for a queue the operator's role
 * does not work). A queue refreshes it by this key after each decision, so the menu follows at once.
 */
export const queueCountsQuery = { queryKey: ['queueCounts'], queryFn: () => call(api.admin.queueCounts), refetchInterval: 10_000 };
