import { useState } from 'react';
import { Card, Col, DatePicker, Row, Space, Statistic, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../lib/api';
import { QueryState } from '../../components/QueryState';
import { operatorDay, today as operatorToday, zoneLabel } from '../../lib/format';
import { todaySummaryQuery } from './api';

type Summary = AnswerOf<typeof api.admin.moneySummary>;
type Figures = Summary['totals'];

const numeric = (days: Summary['days']) =>
  days.map((d) => ({
    ...d,
    deposits: Number(d.deposits),
    withdrawals: Number(d.withdrawals),
    stakes: Number(d.stakes),
    payouts: Number(d.payouts),
    house: Number(d.house),
  }));

function Totals({ totals }: { totals: Figures }) {
  const { t } = useTranslation();
  const items: [string, string | number][] = [
    [t('money.deposits'), totals.deposits],
    [t('money.withdrawals'), totals.withdrawals],
    [t('money.gifts'), totals.gifts],
    [t('rounds.stakes'), totals.stakes],
    [t('rounds.payouts'), totals.payouts],
    [t('rounds.houseResult'), totals.house],
    [t('money.players'), totals.players],
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map(([label, value]) => (
        <Col key={label} xs={12} md={6} lg={3}>
          <Statistic title={label} value={value} />
        </Col>
      ))}
    </Row>
  );
}

interface Series {
  key: keyof Figures;
  name: string;
  color: string;
}

/** One chart of the period, a point per day for each series: as bars or as lines. */
function DaysChart({ title, kind, days, series }: { title: string; kind: 'bar' | 'line'; days: Summary['days']; series: Series[] }) {
  const Chart = kind === 'bar' ? BarChart : LineChart;
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <div style={{ width: '100%', height: 280 }}>
        <ResponsiveContainer>
          <Chart data={numeric(days)}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis />
            <Tooltip />
            <Legend />
            {series.map((s) =>
              kind === 'bar' ? (
                <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} />
              ) : (
                <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
    </>
  );
}

/** The period's charts: money in and out as bars, play as lines (series: figure, its label, its colour). */
const CHARTS = [
  {
    title: 'money.flows',
    kind: 'bar',
    series: [
      ['deposits', 'money.deposits', '#389e0d'],
      ['withdrawals', 'money.withdrawals', '#cf1322'],
    ],
  },
  {
    title: 'money.play',
    kind: 'line',
    series: [
      ['stakes', 'rounds.stakes', '#1677ff'],
      ['payouts', 'rounds.payouts', '#faad14'],
      ['house', 'rounds.houseResult', '#b3121f'],
      ['players', 'money.players', '#722ed1'],
    ],
  },
] as const;

/** Today and a chosen period: deposits, withdrawals, stakes, payouts, house result, active players, as numbers and charts. */
export function DashboardPage() {
  const { t } = useTranslation();
  // The last 30 days up to the operator's today (the server's days), not the browser's.
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(() => [operatorDay(29), operatorDay(0)]);
  const today = useQuery(todaySummaryQuery);
  const range = useQuery({
    queryKey: ['moneySummary', period[0].format('YYYY-MM-DD'), period[1].format('YYYY-MM-DD')],
    queryFn: () => call(api.admin.moneySummary, { begin_date: period[0].format('YYYY-MM-DD'), end_date: period[1].format('YYYY-MM-DD') }),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4}>{t('menu.dashboard')}</Typography.Title>
      <Typography.Text type="secondary" data-testid="money-zone">
        {t('zone.days', { zone: zoneLabel() })}
      </Typography.Text>
      <Card title={t('money.today')} extra={<span data-testid="money-today-date">{operatorToday()}</span>}>
        <QueryState query={today}>{(s) => <Totals totals={s.totals} />}</QueryState>
      </Card>
      <Card
        title={t('money.period')}
        extra={<DatePicker.RangePicker value={period} allowClear={false} onChange={(v) => v?.[0] && v[1] && setPeriod([v[0], v[1]])} />}
      >
        <QueryState query={range}>
          {(s) => (
            <>
              <Totals totals={s.totals} />
              {CHARTS.map((c) => (
                <DaysChart
                  key={c.title}
                  title={t(c.title)}
                  kind={c.kind}
                  days={s.days}
                  series={c.series.map(([key, name, color]) => ({ key, name: t(name), color }))}
                />
              ))}
            </>
          )}
        </QueryState>
      </Card>
    </Space>
  );
}
