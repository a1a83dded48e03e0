import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { AnswerOf } from '@lucky28/shared/api';
import type * as api from '@lucky28/shared/api/refs';
import { amountColumn } from './queueColumns';
import { PrivateImage } from './PrivateImage';
import { ReviewQueue } from './ReviewQueue';

export type DepositRow = AnswerOf<typeof api.admin.depositList>[number];

/** The columns of this queue between the player and the submission time. */
const depositColumns = (t: TFunction): ColumnsType<DepositRow> => [
  amountColumn<DepositRow>(t),
  { title: t('queue.channel'), dataIndex: 'channel', render: (v: string) => v.toUpperCase() },
  { title: t('queue.screenshot'), dataIndex: 'screenshot', render: (v: string) => <PrivateImage url={v} alt={t('queue.screenshot')} /> },
];

/** Pending deposits with the transfer screenshot inline: approve credits the balance, reject needs no credit. */
export const DepositQueue = () => <ReviewQueue kind="deposit" columns={depositColumns} />;
