import type { AnswerOf } from '@lucky28/shared/api';
import type { QueryFunctionContext } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { operatorDay } from '../../../lib/format';

export type Summary = AnswerOf<typeof api.admin.moneySummary>;
export type Figures = Summary['totals'];
/** What the today card shows. */
export type TodayFigures = Pick<Summary, 'totals' | 'costs' | 'net_after_rewards'>;

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
export const DEFAULT_DAYS = 30;
export const defaultPeriod = (): [Dayjs, Dayjs] => [operatorDay(DEFAULT_DAYS - 1), operatorDay(0)];

/**
 * A period's figures and days; `null`, the default period, asked as the last 30 days (the server knows
 * the operator's today: the dashboard's route asks at once, without waiting for admin/me's zone). When
 * the period holds today, its answer's today figures fill the today card's query.
 */
/** What the dashboard asks for a period: its dates, or (null) the default last days. */
export const periodInput = (period: [Dayjs, Dayjs] | null) =>
  period ? { begin_date: period[0].format('YYYY-MM-DD'), end_date: period[1].format('YYYY-MM-DD') } : { last_days: DEFAULT_DAYS };

export function periodSummaryQuery(period: [Dayjs, Dayjs] | null) {
  const dates = period && { begin_date: period[0].format('YYYY-MM-DD'), end_date: period[1].format('YYYY-MM-DD') };
  return {
    queryKey: dates ? ['moneySummary', dates.begin_date, dates.end_date] : ['moneySummary', 'last', DEFAULT_DAYS],
    queryFn: async ({ client }: Pick<QueryFunctionContext, 'client'>) => {
      const answer = await call(api.admin.moneySummary, dates ?? { last_days: DEFAULT_DAYS });
      if (answer.today) client.setQueryData<TodayFigures>(todaySummaryQuery.queryKey, answer.today);
      return answer;
    },
  };
}

export type DayRow = Summary['days'][number];

/**
 * Every day of the period [from, to], the answer's figures where it has them and zeros for the days it
 * leaves out (nothing happened): the charts draw the days the cards count, on their dates, even when
 * only one of them had any play.
 */
export function everyDay(days: Summary['days'], [from, to]: [Dayjs, Dayjs]): DayRow[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const all: DayRow[] = [];
  for (let d = from.startOf('day'); !d.isAfter(to, 'day'); d = d.add(1, 'day')) {
    const day = d.format('YYYY-MM-DD');
    all.push(
      byDay.get(day) ?? {
        day,
        deposits: '0.00',
        withdrawals: '0.00',
        gifts: '0.00',
        stakes: '0.00',
        payouts: '0.00',
        house: '0.00',
        adjustment_credits: '0.00',
        adjustment_debits: '0.00',
        players: 0,
      },
    );
  }
  // A day of the answer outside the asked dates (the server's today against the browser's) still shows.
  return [...all, ...days.filter((d) => !all.some((a) => a.day === d.day))].sort((a, b) => a.day.localeCompare(b.day));
}
