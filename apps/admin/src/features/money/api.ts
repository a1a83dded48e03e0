import * as api from '@lucky28/shared/api/refs';
import { call } from '../../lib/api';

/** Today's figures, refreshed every 30 s (also fetched by the dashboard's route as the screen's code loads). */
export const todaySummaryQuery = { queryKey: ['moneySummary', 'today'], queryFn: () => call(api.admin.moneySummary), refetchInterval: 30_000 };
