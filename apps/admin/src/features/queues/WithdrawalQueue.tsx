import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { amountColumn, type QueueRow } from './queueColumns';
import { ReviewQueue } from './ReviewQueue';

export interface WithdrawalRow extends QueueRow {
  real_name: string;
  amount: string;
  type: number;
  account: { acc: string; acc_name: string; acc_bank: string };
}

/** The columns of this queue between the player and the submission time. */
const withdrawalColumns = (t: TFunction): ColumnsType<WithdrawalRow> => [
  { title: t('queue.truename'), dataIndex: 'real_name' },
  amountColumn<WithdrawalRow>(t),
  {
    title: t('queue.account'),
    key: 'account',
    render: (_, r) =>
      r.type === 0 ? (
        <span>
          {t('queue.bank')}: {r.account.acc_bank} · <Typography.Text copyable>{r.account.acc_name}</Typography.Text> · {r.account.acc}
        </span>
      ) : (
        <span>
          {t('queue.wallet')} {r.account.acc_name.toUpperCase()}: <Typography.Text copyable>{r.account.acc}</Typography.Text>
        </span>
      ),
  },
];

/** Pending withdrawals with the bound payout account: approve once paid, reject refunds the amount. */
export const WithdrawalQueue = () => <ReviewQueue<WithdrawalRow> kind="withdraw" columns={withdrawalColumns} />;
