import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { AnswerOf } from '@lucky28/shared/api';
import type * as api from '@lucky28/shared/api/refs';
import { PrivateImage } from './PrivateImage';
import { ReviewQueue } from './ReviewQueue';

export type RealNameRow = AnswerOf<typeof api.admin.realNameList>[number];

/**
 * The profile already holds an ID number (user/profile stores one once) that is not the number on the
 * document submitted here: the reviewer should see it before approving (which stores the document's).
 */
export const profileIdDiffers = (r: Pick<RealNameRow, 'idcard' | 'profile_idcard'>) =>
  r.profile_idcard.trim() !== '' && r.profile_idcard.trim().toUpperCase() !== r.idcard.trim().toUpperCase();

/** The columns of this queue between the player and the submission time. */
const realNameColumns = (t: TFunction): ColumnsType<RealNameRow> => [
  { title: t('queue.truename'), dataIndex: 'truename' },
  { title: t('queue.idcard'), dataIndex: 'idcard' },
  {
    title: t('queue.profileId'),
    dataIndex: 'profile_idcard',
    render: (_, r) =>
      profileIdDiffers(r) ? (
        <Space orientation="vertical" size={2}>
          <span>{r.profile_idcard}</span>
          <Tooltip title={t('queue.idMismatchHint')}>
            <Tag color="red" data-testid="realname-id-mismatch">
              {t('queue.idMismatch')}
            </Tag>
          </Tooltip>
        </Space>
      ) : (
        r.profile_idcard
      ),
  },
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
];

/** Real-name reviews with both ID pictures: verify, or reject with a reason the player will see. */
export const RealNameQueue = () => <ReviewQueue kind="realName" columns={realNameColumns} />;
