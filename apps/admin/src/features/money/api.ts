import type { AnswerOf } from '@lucky28/shared/api';
import type { Dayjs } from 'dayjs';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../lib/api';
import { operatorDay } from '../../lib/format';

export type Summary = AnswerOf<typeof api.admin.moneySummary>;
export type Figures = Summary['totals'];

/** Today's figures, refreshed every 30 s (also fetched by the dashboard's route as the screen's code loads). */
export const todaySummaryQuery = { queryKey: ['moneySummary', 'today'], queryFn: () => call(api.admin.moneySummary), refetchInterval: 30_000 };

/** The dashboard's first period: the last 30 days up to the operator's today (the server's days), not the browser's. */
export const defaultPeriod = (): [Dayjs, Dayjs] => [operatorDay(29), operatorDay(0)];

/** A period's figures and days (the dashboard's route fetches the default one as soon as the operator's zone is known). */
export function periodSummaryQuery([begin, end]: [Dayjs, Dayjs]) {
  const [beginDate, endDate] = [begin.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')];
  return { queryKey: ['moneySummary', beginDate, endDate], queryFn: () => call(api.admin.moneySummary, { begin_date: beginDate, end_date: endDate }) };
}
