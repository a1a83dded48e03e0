import { useTranslation } from 'react-i18next';
import { amountColumn, leadingColumns, moneyStatuses, trailingColumns } from './queueColumns';
import { PrivateImage } from './PrivateImage';
import { ReviewQueue } from './ReviewQueue';

export interface DepositRow {
  id: number;
  user_id: number;
  username: string;
  amount: string;
  channel: string;
  status: number;
  reason: string;
  screenshot: string;
  createtime: number;
  reviewtime: number | null;
}

/** Pending deposits with the transfer screenshot inline: approve credits the balance, reject needs no credit. */
export function DepositQueue() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<DepositRow>
      kind="deposit"
      title={t('menu.deposits')}
      approveLabel={t('queue.approve')}
      statuses={moneyStatuses(t)}
      columns={[
        ...leadingColumns<DepositRow>(t),
        amountColumn<DepositRow>(t),
        { title: t('queue.channel'), dataIndex: 'channel', render: (v: string) => v.toUpperCase() },
        { title: t('queue.screenshot'), dataIndex: 'screenshot', render: (v: string) => <PrivateImage url={v} alt={t('queue.screenshot')} /> },
        ...trailingColumns<DepositRow>(t),
      ]}
    />
  );
}
