import { useState } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime } from '../../../lib/format';
import * as api from '@lucky28/shared/api/refs';
import { PagedTable, usePagedList } from '../../../components/PagedTable';
import { ExportButton } from '../../../components/ExportButton';
import { ApiError } from '../../../lib/api';
import { formFieldOf, type UserSearchInput } from '../model/userFilters';
import { UserFilterBar } from './UserFilterBar';

/** The colour of each status's tag. */
const STATUS_COLOR: Record<string, string | undefined> = { active: 'green', frozen: 'red', self_excluded: 'purple', timeout: 'orange', guest: undefined };

/** A refusal that names a field of the filter bar shows under that field, not above the list. */
const shownAtField = (error: Error) => error instanceof ApiError && formFieldOf(error.field) !== undefined;

/** Search players by id, username or nickname, narrowed by the filter bar; each row with its status. */
export function UsersPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<UserSearchInput>({});
  const users = usePagedList(api.admin.userSearch, filters);
  return (
    <>
      <Typography.Title level={4}>{t('menu.users')}</Typography.Title>
      <UserFilterBar
        error={users.query.error}
        onSearch={(input) => {
          users.firstPage();
          setFilters(input);
        }}
      />
      <ExportButton call={api.admin.exportUsers} input={filters} />
      {users.query.isError && !shownAtField(users.query.error) && <Typography.Paragraph type="danger">{users.query.error.message}</Typography.Paragraph>}
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
                <Tag color={STATUS_COLOR[r.status]}>{t(`users.status.${r.status}`)}</Tag>
                {r.shiming === 2 && <Tag color="green">{t('users.verified')}</Tag>}
              </>
            ),
          },
          { title: t('users.registered'), dataIndex: 'created_at', render: dateTime },
          {
            title: t('users.filter.lastSignIn'),
            key: 'last_sign_in',
            render: (_, r) => (r.last_sign_in_at === null ? '—' : `${dateTime(r.last_sign_in_at)} · ${r.last_ip || '—'}`),
          },
        ]}
      />
    </>
  );
}
