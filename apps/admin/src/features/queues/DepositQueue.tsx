import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../lib/format';
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
      statuses={[
        { value: 0, label: t('queue.statusPending') },
        { value: 1, label: t('queue.statusApproved') },
        { value: 2, label: t('queue.statusRejected') },
      ]}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        { title: t('common.user'), key: 'user', render: (_, r) => `${r.username} (#${r.user_id})` },
        { title: t('common.amount'), dataIndex: 'amount', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
        { title: t('queue.channel'), dataIndex: 'channel', render: (v: string) => v.toUpperCase() },
        { title: t('queue.screenshot'), dataIndex: 'screenshot', render: (v: string) => <PrivateImage url={v} alt={t('queue.screenshot')} /> },
        { title: t('common.time'), dataIndex: 'createtime', render: dateTime },
        { title: t('common.reason'), dataIndex: 'reason' },
      ]}
    />
  );
}
