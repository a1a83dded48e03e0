import { useState } from 'react';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime } from '../../../lib/format';
import { QueryState } from '../../../components/QueryState';
import { roundBetsQuery, type FoundBet } from '../api/rounds';

/** A bet's result: awaiting the draw, won or lost. */
export function BetResult({ bet }: { bet: Pick<FoundBet, 'status' | 'whether_hit'> }) {
  const { t } = useTranslation();
  if (bet.status === 0) return <Tag>{t('users.open')}</Tag>;
  return bet.whether_hit === 1 ? <Tag color="green">{t('rounds.won')}</Tag> : <Tag>{t('rounds.lost')}</Tag>;
}

/** The columns a found bet shows: order number, player, room, class, amount, odds, result, payout. */
export function useBetColumns() {
  const { t } = useTranslation();
  return [
    { title: t('rounds.orderNo'), dataIndex: 'order_no', key: 'order_no' },
    { title: t('common.user'), key: 'user', render: (_: unknown, r: FoundBet) => <Link to={`/users/${r.user_id}`}>{r.username}</Link> },
    { title: t('rounds.room'), dataIndex: 'room', key: 'room' },
    { title: t('users.class'), dataIndex: 'play_name', key: 'class' },
    { title: t('common.amount'), dataIndex: 'amount', key: 'amount' },
    { title: t('users.odds'), dataIndex: 'odds', key: 'odds' },
    { title: t('rounds.result'), key: 'result', render: (_: unknown, r: FoundBet) => <BetResult bet={r} /> },
    { title: t('rounds.payout'), key: 'payout', render: (_: unknown, r: FoundBet) => r.payout ?? '—' },
    { title: t('common.time'), dataIndex: 'createtime', key: 'time', render: dateTime },
  ];
}

/** Every bet of a round, across its rooms, a page at a time by key (previous / next). */
export function RoundBets({ roundId, pageSize = 50 }: { roundId: number; pageSize?: number }) {
  const { t } = useTranslation();
  // The `after` of each page opened so far; the last is the page shown.
  const [afters, setAfters] = useState<number[]>([0]);
  const after = afters[afters.length - 1]!;
  const page = useQuery(roundBetsQuery(roundId, after, pageSize));
  const columns = useBetColumns();
  return (
    <QueryState query={page}>
      {(p) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('rounds.betsOf', { issue: p.round.issue })}</Typography.Text>
          <Table rowKey="id" size="small" pagination={false} dataSource={p.list} columns={columns} locale={{ emptyText: t('common.empty') }} />
          <Space>
            <Button disabled={afters.length === 1} onClick={() => setAfters((a) => a.slice(0, -1))}>
              {t('rounds.previousPage')}
            </Button>
            <Button disabled={p.next === null} onClick={() => p.next !== null && setAfters((a) => [...a, p.next!])}>
              {t('rounds.nextPage')}
            </Button>
          </Space>
        </Space>
      )}
    </QueryState>
  );
}
