import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { amountColumn, leadingColumns, moneyStatuses, trailingColumns } from './queueColumns';
import { ReviewQueue } from './ReviewQueue';

export interface WithdrawalRow {
  id: number;
  user_id: number;
  username: string;
  real_name: string;
  amount: string;
  type: number;
  account: { acc: string; acc_name: string; acc_bank: string };
  status: number;
  reason: string;
  createtime: number;
}

/** Pending withdrawals with the bound payout account: approve once paid, reject refunds the amount. */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<WithdrawalRow>
      kind="withdraw"
      title={t('menu.withdrawals')}
      approveLabel={t('queue.approve')}
      rejectNote={t('queue.refundNote')}
      statuses={moneyStatuses(t)}
      columns={[
        ...leadingColumns<WithdrawalRow>(t),
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
        ...trailingColumns<WithdrawalRow>(t),
      ]}
    />
  );
}
