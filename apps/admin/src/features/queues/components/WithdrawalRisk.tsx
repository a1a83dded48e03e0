import { Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseMoney } from '@lucky28/shared/money';
import { withdrawalRiskQuery, type WithdrawalRisk as Risk } from '../api/withdrawRisk';

const DAY_S = 86_400;

/** How long before the request the payout account became the player's. */
function AccountAge({ since, requestedAt }: { since: number | null; requestedAt: number }) {
  const { t } = useTranslation();
  if (since === null) return <Tag color="red">{t('queue.risk.accountGone')}</Tag>;
  const days = Math.floor((requestedAt - since) / DAY_S);
  return days < 1 ? <Tag color="orange">{t('queue.risk.accountNew')}</Tag> : <span>{t('queue.risk.accountAge', { days })}</span>;
}

/** The other players of the player's addresses and devices, each a link to their page. */
function SharedPlayers({ shared }: { shared: Risk['shared'] }) {
  const { t } = useTranslation();
  if (shared.count === 0) return <Typography.Text type="secondary">{t('queue.risk.sharedNone')}</Typography.Text>;
  const via = { ip: t('queue.risk.viaIp'), device: t('queue.risk.viaDevice') };
  return (
    <div data-testid="risk-shared">
      <Tag color="red">{t('queue.risk.shared', { count: shared.count })}</Tag>
      {shared.players.map((p) => (
        <div key={p.user_id} style={{ fontSize: 12 }}>
          <Link to={`/users/${p.user_id}`}>
            {p.username} (#{p.user_id})
          </Link>{' '}
          · {p.via.map((v) => via[v]).join(', ')}
        </div>
      ))}
    </div>
  );
}

/** What the operator weighs before paying a withdrawal out: deposits against turnover, a bonus still wagering, the account's age, shared addresses and devices. */
export function WithdrawalRisk({ id, requestedAt }: { id: number; requestedAt: number }) {
  const { t } = useTranslation();
  const risk = useQuery(withdrawalRiskQuery(id));
  if (risk.isError) return <Typography.Text type="danger">{t('queue.risk.unavailable', { error: risk.error.message })}</Typography.Text>;
  if (!risk.data) return <Typography.Text type="secondary">…</Typography.Text>;
  const r = risk.data;
  const playedLess = (parseMoney(r.turnover) ?? 0) < (parseMoney(r.deposits) ?? 0);
  return (
    <Space orientation="vertical" size={2} data-testid="withdrawal-risk" style={{ fontSize: 12 }}>
      <span>
        {t('queue.risk.deposits', { amount: r.deposits, count: r.deposit_count })} · {t('queue.risk.turnover', { amount: r.turnover })}
      </span>
      {playedLess && (
        <Typography.Text type="warning" title={t('queue.risk.lowTurnoverHint')}>
          <Tag color="orange">{t('queue.risk.lowTurnover')}</Tag>
        </Typography.Text>
      )}
      {r.bonus && (
        <Tag color="red" data-testid="risk-bonus">
          {t('queue.risk.bonus', { amount: r.bonus.amount, left: r.bonus.left, required: r.bonus.required })}
        </Tag>
      )}
      <AccountAge since={r.account_since} requestedAt={requestedAt} />
      <SharedPlayers shared={r.shared} />
    </Space>
  );
}
