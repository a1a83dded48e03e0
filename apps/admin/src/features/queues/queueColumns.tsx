import { Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { dateTime } from '../../lib/format';

/** What every queue row has: the request, its player, its status, when it came and the review reason. */
export interface QueueRow {
  id: number;
  user_id: number;
  username: string;
  status: number;
  createtime: number;
  reason: string;
}

/** The ID and player columns every queue opens with. */
export const leadingColumns = <T extends QueueRow>(t: TFunction): ColumnType<T>[] => [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: t('common.user'), key: 'user', render: (_, r) => `${r.username} (#${r.user_id})` },
];

/** The submission time and the review reason every queue closes with. */
export const trailingColumns = <T extends QueueRow>(t: TFunction): ColumnType<T>[] => [
  { title: t('common.time'), dataIndex: 'createtime', render: dateTime },
  { title: t('common.reason'), dataIndex: 'reason' },
];

/** The amount, in bold, of a deposit or a withdrawal. */
export const amountColumn = <T extends QueueRow & { amount: string }>(t: TFunction): ColumnType<T> => ({
  title: t('common.amount'),
  dataIndex: 'amount',
  render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
});
