import { useState } from 'react';
import { Input, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { dateTime } from '../../lib/format';
import type { Paged, UserRow } from './api';

/** Search players by id, username or nickname. */
export function UsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['users', q, page], queryFn: () => api<Paged<UserRow>>('userSearch', { q, page, limit: 20 }) });
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
          setPage(1);
          setQ(v.trim());
        }}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      {list.isError && <Typography.Paragraph type="danger">{list.error.message}</Typography.Paragraph>}
      <Table<UserRow>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
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
