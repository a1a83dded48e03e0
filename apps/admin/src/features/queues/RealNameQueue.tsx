import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { leadingColumns, trailingColumns } from './queueColumns';
import { PrivateImage } from './PrivateImage';
import { ReviewQueue } from './ReviewQueue';

export interface RealNameRow {
  id: number;
  user_id: number;
  username: string;
  truename: string;
  idcard: string;
  profile_idcard: string;
  idcard_zheng: string;
  idcard_fan: string;
  status: number;
  reason: string;
  createtime: number;
}

/** Real-name reviews with both ID pictures: verify, or reject with a reason the player will see. */
export function RealNameQueue() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<RealNameRow>
      kind="realName"
      title={t('menu.realNames')}
      approveLabel={t('queue.verify')}
      reasonRequired
      statuses={[
        { value: 1, label: t('queue.statusPending') },
        { value: 2, label: t('queue.statusApproved') },
        { value: 0, label: t('queue.statusRejected') },
      ]}
      columns={[
        ...leadingColumns<RealNameRow>(t),
        { title: t('queue.truename'), dataIndex: 'truename' },
        { title: t('queue.idcard'), dataIndex: 'idcard' },
        { title: t('queue.profileId'), dataIndex: 'profile_idcard' },
        {
          title: `${t('queue.idFront')} / ${t('queue.idBack')}`,
          key: 'images',
          render: (_, r) => (
            <Space>
              <PrivateImage url={r.idcard_zheng} alt={t('queue.idFront')} />
              <PrivateImage url={r.idcard_fan} alt={t('queue.idBack')} />
            </Space>
          ),
        },
        ...trailingColumns<RealNameRow>(t),
      ]}
    />
  );
}
