import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Row, Space, Statistic, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { today as operatorToday, zoneLabel } from '../../../lib/format';
import * as api from '@lucky28/shared/api/refs';
import { ExportButton } from '../../../components/ExportButton';
import { defaultPeriod, everyDay, periodInput, periodSummaryQuery, todaySummaryQuery, type Figures, type TodayFigures } from '../api/money';
import { DaysChart } from './DaysChart';

function Totals({ totals }: { totals: Figures }) {
  const { t } = useTranslation();
  const items: [string, string | number][] = [
    [t('money.deposits'), totals.deposits],
    [t('money.withdrawals'), totals.withdrawals],
    [t('money.gifts'), totals.gifts],
    [t('rounds.stakes'), totals.stakes],
    [t('rounds.payouts'), totals.payouts],
    [t('rounds.houseResult'), totals.house],
    [t('money.adjustmentCredits'), totals.adjustment_credits],
    [t('money.adjustmentDebits'), totals.adjustment_debits],
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

/** The reward and commission cost lines (ledger types 5–10; 10, the bonuses forfeited, comes off the costs), by the answer's names. */
const COSTS = [
  ['commission', 'money.costs.commission'],
  ['rakeback', 'money.costs.rakeback'],
  ['first_deposit_bonus', 'money.costs.firstDepositBonus'],
  ['check_in', 'money.costs.checkIn'],
  ['bonus_released', 'money.costs.bonusReleased'],
  ['bonus_forfeited', 'money.costs.bonusForfeited'],
  ['red_packets', 'money.costs.redPackets'],
] as const;

/**
 * The cost lines, then the house's result net of them (house − commissions − rakeback − check-in −
 * bonuses granted + bonuses forfeited; a bonus released to the balance is its grant's money, not a new
 * cost: the help says so).
 */
function Costs({ costs, net }: { costs: TodayFigures['costs']; net: TodayFigures['net_after_rewards'] }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Text strong style={{ display: 'block', margin: '16px 0 8px' }} title={t('money.costs.note')}>
        {t('money.costs.title')}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        {COSTS.map(([key, label]) => (
          <Col key={key} xs={12} md={6} lg={3}>
            <Statistic title={t(label)} value={costs[key]} />
          </Col>
        ))}
      </Row>
      <div data-testid="money-net" style={{ marginTop: 16 }}>
        <Statistic
          title={
            <Tooltip title={t('money.net.help')}>
              <span style={{ textDecoration: 'underline dotted', cursor: 'help' }}>{t('money.net.title')}</span>
            </Tooltip>
          }
          value={net}
          styles={{ content: { color: net.startsWith('-') ? '#cf1322' : undefined } }}
        />
        <Typography.Text type="secondary">{t('money.net.help')}</Typography.Text>
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
      ['adjustment_credits', 'money.adjustmentCredits', '#13c2c2'],
      ['adjustment_debits', 'money.adjustmentDebits', '#d48806'],
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

/**
 * Today and a chosen period: deposits, withdrawals, stakes, payouts, house result, balance adjustments
 * credited and debited, active players, as numbers and charts; the rewards and commissions paid, and
 * the net after them and the adjustments.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  // null: the default period (the last 30 days), as the route asked for it.
  const [period, setPeriod] = useState<[Dayjs, Dayjs] | null>(null);
  const shownPeriod = useMemo(() => period ?? defaultPeriod(), [period]);
  const range = useQuery(periodSummaryQuery(period));
  // Asked on its own only once the period has answered without today's figures (or long enough ago).
  const today = useQuery({ ...todaySummaryQuery, enabled: !range.isPending });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4}>{t('menu.dashboard')}</Typography.Title>
      <Typography.Text type="secondary" data-testid="money-zone">
        {t('zone.days', { zone: zoneLabel() })}
      </Typography.Text>
      <Card title={t('money.today')} extra={<span data-testid="money-today-date">{operatorToday()}</span>}>
        <QueryState query={today}>
          {(s) => (
            <>
              <Totals totals={s.totals} />
              <Costs costs={s.costs} net={s.net_after_rewards} />
            </>
          )}
        </QueryState>
      </Card>
      <Card
        title={t('money.period')}
        extra={
          <Space>
            <DatePicker.RangePicker value={shownPeriod} allowClear={false} onChange={(v) => v?.[0] && v[1] && setPeriod([v[0], v[1]])} />
            <ExportButton call={api.admin.exportMoneyDays} input={periodInput(period)} />
          </Space>
        }
      >
        <QueryState query={range}>
          {(s) => (
            <>
              <Totals totals={s.totals} />
              <Costs costs={s.costs} net={s.net_after_rewards} />
              {CHARTS.map((c) => (
                <DaysChart
                  key={c.title}
                  title={t(c.title)}
                  kind={c.kind}
                  days={everyDay(s.days, shownPeriod)}
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
