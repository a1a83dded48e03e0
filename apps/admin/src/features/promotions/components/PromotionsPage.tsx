import { useState } from 'react';
import { Button, Card, Space, Statistic, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as api from '@lucky28/shared/api/refs';
import { dateTime, zoneLabel } from '../../../lib/format';
import { can, useMe } from '../../../lib/operator';
import { useBudget, type BudgetMovement } from '../api/promotions';
import { movementWords } from '../model/movementWords';
import { DropPacketDialog } from './DropPacketDialog';
import { PacketsTable } from './PacketsTable';
import { TopUpDialog } from './TopUpDialog';

/** The budget's movements, newest first, each in words: a top-up (who, the note), a packet dropped, a packet's unclaimed rest returned. */
function MovementsTable({ budget }: { budget: ReturnType<typeof useBudget> }) {
  const { t } = useTranslation();
  return (
    <div data-testid="budget-movements">
      <Table<BudgetMovement>
        rowKey="id"
        size="small"
        loading={budget.query.isPending}
        dataSource={budget.query.data?.movements.list ?? []}
        pagination={budget.pagination}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          { title: t('common.time'), dataIndex: 'createtime', render: dateTime },
          {
            title: t('packets.col.movement'),
            key: 'what',
            render: (_, m) => {
              const w = movementWords(m);
              return t(w.key, w.params);
            },
          },
          {
            title: t('packets.col.amount'),
            dataIndex: 'amount',
            render: (v: string) => <Typography.Text type={v.startsWith('-') ? 'danger' : 'success'}>{v.startsWith('-') ? v : `+${v}`}</Typography.Text>,
          },
          { title: t('packets.col.balanceAfter'), dataIndex: 'balance_after' },
        ]}
      />
    </div>
  );
}

/**
 * /promotions (docs/red-packets.md): the promotions budget — its balance, its movements and, for an admin,
 * adding to it — and the red packets dropped, each with its claims; an admin drops a new one.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const budget = useBudget();
  const [dialog, setDialog] = useState<'topUp' | 'drop' | null>(null);
  const balance = budget.query.data?.balance;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('packets.budget')}
        extra={
          <Space wrap>
            {can(role, api.redPackets.budgetTopUp) && (
              <Button onClick={() => setDialog('topUp')} data-testid="budget-add">
                {t('packets.topUp.title')}
              </Button>
            )}
            {can(role, api.redPackets.packetDrop) && (
              <Button type="primary" onClick={() => setDialog('drop')} data-testid="packet-drop">
                {t('packets.form.title')}
              </Button>
            )}
          </Space>
        }
      >
        <Statistic title={t('packets.balance')} value={balance ?? '—'} loading={budget.query.isPending} data-testid="budget-balance" />
        {budget.query.isError && <Typography.Paragraph type="danger">{budget.query.error.message}</Typography.Paragraph>}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('packets.budgetNote')}
        </Typography.Paragraph>
      </Card>
      <Card title={t('packets.title')}>
        <Typography.Paragraph type="secondary">{t('zone.label', { zone: zoneLabel() })}</Typography.Paragraph>
        <Tabs
          items={[
            { key: 'packets', label: t('packets.tabs.packets'), children: <PacketsTable /> },
            { key: 'movements', label: t('packets.tabs.movements'), children: <MovementsTable budget={budget} /> },
          ]}
        />
      </Card>
      {dialog === 'topUp' && <TopUpDialog onClose={() => setDialog(null)} />}
      {dialog === 'drop' && <DropPacketDialog balance={balance} onClose={() => setDialog(null)} />}
    </Space>
  );
}
