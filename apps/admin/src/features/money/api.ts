import type { AnswerOf } from '@lucky28/shared/api';
import type { QueryFunctionContext } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../lib/api';
import { operatorDay } from '../../lib/format';

export type Summary = AnswerOf<typeof api.admin.moneySummary>;
export type Figures = Summary['totals'];
/** What the today card shows. */
export type TodayFigures = Pick<Summary, 'totals' | 'costs'>;

/**
 * Today's figures, refreshed every 30 s. A period that holds today brings them too (its answer's
 * `today`, computed with the period: see periodSummaryQuery); this asks for them only when no such
 * period answered within the last 25 s.
 */
export const todaySummaryQuery = {
  queryKey: ['moneySummary', 'today'],
  queryFn: (): Promise<TodayFigures> => call(api.admin.moneySummary),
  refetchInterval: 30_000,
  staleTime: 25_000,
};

/** The dashboard's first period: the last 30 days up to the operator's today (the server's days), not the browser's. */
export const defaultPeriod = (): [Dayjs, Dayjs] => [operatorDay(29), operatorDay(0)];

/**
 * A period's figures and days (the dashboard's route fetches the default one as soon as the operator's
 * zone is known); when the period holds today, its answer's today figures fill the today card's query.
 */
export function periodSummaryQuery([begin, end]: [Dayjs, Dayjs]) {
  const [beginDate, endDate] = [begin.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')];
  return {
    queryKey: ['moneySummary', beginDate, endDate],
    queryFn: async ({ client }: Pick<QueryFunctionContext, 'client'>) => {
      const answer = await call(api.admin.moneySummary, { begin_date: beginDate, end_date: endDate });
      if (answer.today) client.setQueryData<TodayFigures>(todaySummaryQuery.queryKey, answer.today);
      return answer;
    },
  };
}
