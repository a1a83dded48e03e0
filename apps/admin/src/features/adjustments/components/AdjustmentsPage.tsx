import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdjustmentStatus, rejectWithReasonSchema } from '@lucky28/shared/schemas';
import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { dateTime } from '../../../lib/format';
import { useDiscardGuard } from '../../../lib/forms';
import { useMe } from '../../../lib/operator';
import { checkWith } from '../../../lib/validation';

type Row = AnswerOf<typeof api.admin.adjustmentList>['list'][number];

const STATUSES = [
  { value: AdjustmentStatus.pending, label: 'adjust.awaiting' },
  { value: AdjustmentStatus.approved, label: 'adjust.approved' },
  { value: AdjustmentStatus.rejected, label: 'adjust.rejected' },
] as const;

/**
 * /adjustments (docs/operations.md#balance-adjustments): balance adjustments by status, the ones awaiting
 * a second operator first, with approve (confirmed) and reject (with a reason) for any operator but the
 * one who asked.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useMe().data;
  const client = useQueryClient();
  const guardClose = useDiscardGuard();
  const [status, setStatus] = useState<number>(AdjustmentStatus.pending);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const pending = status === AdjustmentStatus.pending;
  const list = useQuery({
    queryKey: [api.admin.adjustmentList.name, { status }],
    queryFn: () => call(api.admin.adjustmentList, { status, limit: 200 }),
    refetchInterval: pending ? 15_000 : false,
  });
  const decide = useMutation({
    mutationFn: (v: { id: number; reason?: string }) =>
      v.reason === undefined ? call(api.admin.adjustmentApprove, { id: v.id }) : call(api.admin.adjustmentReject, { id: v.id, reason: v.reason }),
    onSuccess: () => {
      message.success(t('common.done'));
      setRejecting(null);
    },
    onError: (e) => message.error(e.message),
    onSettled: () => void client.invalidateQueries({ queryKey: [api.admin.adjustmentList.name] }),
  });
  const submitReject = () => {
    const checked = checkWith(rejectWithReasonSchema, { id: rejecting!.id, reason });
    if (!checked.ok) return setReasonError(checked.message);
    decide.mutate({ id: rejecting!.id, reason: checked.value.reason });
  };

  const columns: ColumnsType<Row> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('common.user'), key: 'user', render: (_, r) => <Link to={`/users/${r.user_id}`}>{`${r.username} (#${r.user_id})`}</Link> },
    {
      title: t('common.amount'),
      dataIndex: 'amount',
      render: (v: string) => <Typography.Text type={v.startsWith('-') ? 'danger' : 'success'}>{v}</Typography.Text>,
    },
    { title: t('adjust.wallet'), dataIndex: 'wallet', render: (v: string) => t(v === 'score' ? 'users.score' : 'users.money') },
    { title: t('adjust.reason'), key: 'reason', render: (_, r) => `${t(`adjust.reasons.${r.reason_code}`)}${r.gift_ledger_id ? ` #${r.gift_ledger_id}` : ''}` },
    { title: t('adjust.publicText'), dataIndex: 'public_text' },
    { title: t('adjust.note'), dataIndex: 'note' },
    { title: t('adjust.requestedBy'), key: 'requested', render: (_, r) => r.requested_by.username },
    { title: t('common.time'), dataIndex: 'createtime', render: dateTime },
    ...(pending
      ? []
      : [
          { title: t('adjust.decidedBy'), key: 'decided', render: (_: unknown, r: Row) => r.decided_by?.username ?? '' },
          { title: t('common.reason'), dataIndex: 'decision_note' },
        ]),
    ...(pending
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, r: Row) =>
              r.requested_by.id === me?.id ? (
                <Typography.Text type="secondary">{t('adjust.ownRequest')}</Typography.Text>
              ) : (
                <Space>
                  <Popconfirm title={t('queue.approveConfirm')} onConfirm={() => decide.mutate({ id: r.id })}>
                    <Button type="primary" size="small">
                      {t('queue.approve')}
                    </Button>
                  </Popconfirm>
                  <Button
                    danger
                    size="small"
                    onClick={() => {
                      setReason('');
                      setReasonError(null);
                      setRejecting(r);
                    }}
                  >
                    {t('queue.reject')}
                  </Button>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Typography.Title level={4}>{t('adjust.queueTitle')}</Typography.Title>
      {list.data && <Alert type="info" showIcon title={t('adjust.queueNote', { amount: list.data.approval_above })} style={{ marginBottom: 12 }} />}
      <Tabs activeKey={String(status)} onChange={(k) => setStatus(Number(k))} items={STATUSES.map((s) => ({ key: String(s.value), label: t(s.label) }))} />
      {list.isError && <Typography.Paragraph type="danger">{list.error.message}</Typography.Paragraph>}
      <Table<Row>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={{ pageSize: 20 }}
        scroll={{ x: true }}
        locale={{ emptyText: t('common.empty') }}
      />
      <Modal
        open={rejecting !== null}
        title={t('queue.rejectTitle')}
        okText={t('queue.reject')}
        okButtonProps={{ danger: true, loading: decide.isPending }}
        onOk={submitReject}
        onCancel={guardClose(
          () => reason.trim() !== '',
          () => setRejecting(null),
        )}
        destroyOnHidden
      >
        {rejecting && Number(rejecting.amount) < 0 && <Typography.Paragraph type="secondary">{t('queue.refundNote')}</Typography.Paragraph>}
        <Input.TextArea
          aria-label={t('common.reason')}
          value={reason}
          maxLength={200}
          showCount
          rows={3}
          onChange={(e) => setReason(e.target.value)}
          status={reasonError ? 'error' : undefined}
        />
        {reasonError && <Typography.Text type="danger">{reasonError}</Typography.Text>}
      </Modal>
    </>
  );
}
