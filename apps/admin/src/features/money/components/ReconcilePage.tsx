import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

type Answer = AnswerOf<typeof api.admin.reconcile>;
type Invariant = Answer['invariants'][number];
type Problem = Answer['problems'][number];

/** Runs the invariants of the books (docs/design.md#the-invariants) over the whole database: each by name with its problem count, then every break listed. */
export function ReconcilePage() {
  const { t } = useTranslation();
  const run = useQuery({ queryKey: ['reconcile'], queryFn: () => call(api.admin.reconcile), staleTime: 0 });
  return (
    <>
      <Typography.Title level={4}>{t('menu.reconcile')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('money.reconcileNote')}</Typography.Paragraph>
      <Button onClick={() => run.refetch()} loading={run.isFetching} style={{ marginBottom: 16 }}>
        {t('money.runAgain')}
      </Button>
      {run.isError && <Alert type="error" title={run.error.message} />}
      {run.data?.ok && <Alert type="success" showIcon title={t('money.clean')} style={{ marginBottom: 16 }} />}
      {run.data && (
        <Table<Invariant>
          rowKey="name"
          dataSource={run.data.invariants}
          pagination={false}
          size="small"
          style={{ marginBottom: 16 }}
          columns={[
            { title: t('money.invariant'), dataIndex: 'name', render: (name: string) => t(`money.invariants.${name}`, { defaultValue: name }) },
            {
              title: t('money.count'),
              dataIndex: 'count',
              render: (count: number) => (count === 0 ? <Tag color="success">{t('money.holds')}</Tag> : <Tag color="error">{count}</Tag>),
            },
          ]}
        />
      )}
      {run.data && !run.data.ok && (
        <Table<Problem>
          rowKey={(p) => `${p.userId}-${p.problem}-${JSON.stringify(p.detail)}`}
          dataSource={run.data.problems}
          pagination={false}
          columns={[
            {
              title: t('common.user'),
              dataIndex: 'userId',
              render: (id: number | null) => (id === null ? t('money.round') : <Link to={`/users/${id}`}>#{id}</Link>),
            },
            { title: t('money.problem'), dataIndex: 'problem', render: (p: string) => t(`money.problems.${p}`, { defaultValue: p }) },
            {
              title: t('money.detail'),
              dataIndex: 'detail',
              render: (d: Record<string, unknown>) => <Typography.Text code>{JSON.stringify(d)}</Typography.Text>,
            },
          ]}
        />
      )}
    </>
  );
}
