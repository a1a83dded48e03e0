import { Alert, Button, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../lib/api';

type Problem = AnswerOf<typeof api.admin.reconcile>['problems'][number];

/** Runs the money invariants (DESIGN §4) over the whole database and lists every break by user. */
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
      {run.data?.ok && <Alert type="success" showIcon title={t('money.clean')} />}
      {run.data && !run.data.ok && (
        <Table<Problem>
          rowKey={(p) => `${p.userId}-${p.problem}-${JSON.stringify(p.detail)}`}
          dataSource={run.data.problems}
          pagination={false}
          columns={[
            { title: t('common.user'), dataIndex: 'userId', render: (id: number) => <Link to={`/users/${id}`}>#{id}</Link> },
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
