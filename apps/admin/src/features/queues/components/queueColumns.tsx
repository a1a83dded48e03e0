import { Typography } from 'antd';
import { Link } from 'react-router';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { AnswerOf } from '@lucky28/shared/api';
import type * as api from '@lucky28/shared/api/refs';
import { dateTime } from '../../../lib/format';

/** What every queue's rows have (the lists share them): the request, its player, its status, when it came and the review reason. */
export type QueueRow = Pick<AnswerOf<typeof api.admin.depositList>[number], 'id' | 'user_id' | 'username' | 'status' | 'createtime' | 'reason'>;

/** The ID and player columns every queue opens with; the player links to their page. */
export const leadingColumns = <T extends QueueRow>(t: TFunction): ColumnType<T>[] => [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: t('common.user'), key: 'user', render: (_, r) => <Link to={`/users/${r.user_id}`}>{`${r.username} (#${r.user_id})`}</Link> },
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
