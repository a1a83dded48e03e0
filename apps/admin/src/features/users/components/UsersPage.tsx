import { useState } from 'react';
import { Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime } from '../../../lib/format';
import * as api from '@lucky28/shared/api/refs';
import { PagedTable, usePagedList } from '../../../components/PagedTable';
import { ExportButton } from '../../../components/ExportButton';

/** Search players by id, username or nickname. */
export function UsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const users = usePagedList(api.admin.userSearch, { q });
  return (
    <>
      <Typography.Title level={4}>{t('menu.users')}</Typography.Title>
      <Input.Search
        aria-label={t('users.search')}
        placeholder={t('users.search')}
        allowClear
        enterButton={t('common.search')}
        maxLength={64}
        onSearch={(v) => {
          users.firstPage();
          setQ(v.trim());
        }}
        style={{ maxWidth: 420, marginBottom: 16, marginRight: 8 }}
      />
      <ExportButton call={api.admin.exportUsers} input={{ q }} />
      {users.query.isError && <Typography.Paragraph type="danger">{users.query.error.message}</Typography.Paragraph>}
      <PagedTable
        paged={users}
        size="middle"
        locale={{ emptyText: t('common.empty') }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('auth.username'), dataIndex: 'username', render: (v: string, r) => <Link to={`/users/${r.id}`}>{v}</Link> },
          { title: t('users.nickname'), dataIndex: 'nickname' },
          { title: t('users.balance'), dataIndex: 'balance' },
          {
            title: t('common.status'),
            key: 'status',
            render: (_, r) => (
              <>
                {r.group_id === 2 && <Tag>{t('users.guest')}</Tag>}
                {r.frozen && <Tag color="red">{t('users.frozen')}</Tag>}
                {r.shiming === 2 && <Tag color="green">{t('users.verified')}</Tag>}
              </>
            ),
          },
          { title: t('users.registered'), dataIndex: 'created_at', render: dateTime },
        ]}
      />
    </>
  );
}
