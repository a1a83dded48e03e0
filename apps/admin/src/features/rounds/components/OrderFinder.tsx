import { useState } from 'react';
import { Card, Descriptions, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime } from '../../../lib/format';
import { findOrder, type FoundBet } from '../api/rounds';
import { BetResult } from './RoundBets';

/** Find a bet by its order number: the bet, its player and its round; not found says so under the box. */
export function OrderFinder() {
  const { t } = useTranslation();
  const [bet, setBet] = useState<FoundBet | null>(null);
  const find = useMutation({ mutationFn: findOrder, onSuccess: setBet, onError: () => setBet(null) });
  return (
    <Card title={t('rounds.findOrder')}>
      <Input.Search
        aria-label={t('rounds.orderNo')}
        placeholder={t('rounds.orderNo')}
        allowClear
        enterButton={t('common.search')}
        maxLength={40}
        status={find.isError ? 'error' : undefined}
        loading={find.isPending}
        onSearch={(v) => {
          if (v.trim() === '') return;
          find.mutate(v.trim());
        }}
        style={{ maxWidth: 480 }}
      />
      {find.isError && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 4 }}>
          {find.error.message}
        </Typography.Paragraph>
      )}
      {bet && (
        <Descriptions
          size="small"
          style={{ marginTop: 12 }}
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'no', label: t('rounds.orderNo'), children: bet.order_no },
            { key: 'user', label: t('common.user'), children: <Link to={`/users/${bet.user_id}`}>{bet.username}</Link> },
            { key: 'issue', label: t('users.issue'), children: `${bet.game} · ${bet.issue}` },
            { key: 'room', label: t('rounds.room'), children: bet.room },
            { key: 'class', label: t('users.class'), children: bet.play_name },
            { key: 'amount', label: t('common.amount'), children: bet.amount },
            { key: 'odds', label: t('users.odds'), children: bet.odds },
            { key: 'result', label: t('rounds.result'), children: <BetResult bet={bet} /> },
            { key: 'payout', label: t('rounds.payout'), children: bet.payout ?? '—' },
            { key: 'time', label: t('common.time'), children: dateTime(bet.createtime) },
          ]}
        />
      )}
    </Card>
  );
}
