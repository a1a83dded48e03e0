import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { AnswerOf } from '@lucky28/shared/api';
import type * as api from '@lucky28/shared/api/refs';
import { dateTime } from '../../../lib/format';
import { amountColumn } from './queueColumns';
import { ReviewQueue } from './ReviewQueue';
import { WithdrawalRisk } from './WithdrawalRisk';

export type WithdrawalRow = AnswerOf<typeof api.admin.withdrawList>[number];

/** The warning on a request whose payout account was changed just before it: a stolen session's way to redirect a withdrawal. */
function RecentChange({ at, t }: { at: number; t: TFunction }) {
  return (
    <Space orientation="vertical" size={0} data-testid="account-changed">
      <Tag color="red">{t('queue.accountChanged')}</Tag>
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {t('queue.accountChangedHint', { time: dateTime(at) })}
      </Typography.Text>
    </Space>
  );
}

/**
 * The mark on a payout to a bank card whose holder is not known to be the player (issue 42): no
 * verified real name yet, or a verified one the holder is not.
 */
function HolderMark({ mark, t }: { mark: NonNullable<WithdrawalRow['holder_check']>; t: TFunction }) {
  const differs = mark === 'differs';
  return (
    <Space orientation="vertical" size={0} data-testid="holder-mark" data-mark={mark}>
      <Tag color={differs ? 'red' : 'orange'}>{t(differs ? 'queue.holderDiffers' : 'queue.holderUnverified')}</Tag>
      <Typography.Text type={differs ? 'danger' : 'warning'} style={{ fontSize: 12 }}>
        {t(differs ? 'queue.holderDiffersHint' : 'queue.holderUnverifiedHint')}
      </Typography.Text>
    </Space>
  );
}

/** The payout account in one line: a bank card's bank and number, a wallet's network and address. */
const accountLine = (r: WithdrawalRow, t: TFunction) =>
  r.type === 0 ? `${t('queue.bank')} ${r.account.acc_bank} ${r.account.acc_name}` : `${t('queue.wallet')} ${r.account.acc_name.toUpperCase()} ${r.account.acc}`;

/** What approving restates: the amount, the account paid to and its holder (a wallet's: the player's name). */
function ApproveDetail({ row, t }: { row: WithdrawalRow; t: TFunction }) {
  return (
    <div data-testid="approve-detail">
      <div>{t('queue.approveWithdrawal')}</div>
      <Typography.Text strong>{t('queue.confirmAmount', { amount: row.amount })}</Typography.Text>
      <div>{t('queue.confirmAccount', { account: accountLine(row, t) })}</div>
      <div>{t('queue.confirmHolder', { holder: row.type === 0 ? row.account.acc : row.real_name })}</div>
    </div>
  );
}

/** The columns of this queue between the player and the submission time; the pending requests with their risk facts. */
const withdrawalColumns = (t: TFunction, pending: boolean): ColumnsType<WithdrawalRow> => [
  { title: t('queue.truename'), dataIndex: 'real_name' },
  amountColumn<WithdrawalRow>(t),
  {
    title: t('queue.account'),
    key: 'account',
    render: (_, r) => (
      <>
        {r.type === 0 ? (
          <span>
            {t('queue.bank')}: {r.account.acc_bank} · <Typography.Text copyable>{r.account.acc_name}</Typography.Text> · {r.account.acc}
          </span>
        ) : (
          <span>
            {t('queue.wallet')} {r.account.acc_name.toUpperCase()}: <Typography.Text copyable>{r.account.acc}</Typography.Text>
          </span>
        )}
        {r.holder_check !== null && <HolderMark mark={r.holder_check} t={t} />}
        {r.account_changed_at !== null && <RecentChange at={r.account_changed_at} t={t} />}
      </>
    ),
  },
  ...(pending
    ? [{ title: t('queue.risk.title'), key: 'risk', render: (_: unknown, r: WithdrawalRow) => <WithdrawalRisk id={r.id} requestedAt={r.createtime} /> }]
    : []),
];

/** Pending withdrawals with the bound payout account: approve once paid, reject refunds the amount. */
export const WithdrawalQueue = () => <ReviewQueue kind="withdraw" columns={withdrawalColumns} approveDetail={(row, t) => <ApproveDetail row={row} t={t} />} />;
