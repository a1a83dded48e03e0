import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Input, Modal, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translate } from '@lucky28/shared/messages';
import { rejectSchema, rejectWithReasonSchema } from '@lucky28/shared/schemas';
import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { ApiError, call } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { apiLangOf } from '../../../lib/languages';
import { useDiscardGuard } from '../../../lib/forms';
import { checkWith } from '../../../lib/validation';
import { queueCountsQuery } from '../../../lib/queueCounts';
import { ExportButton } from '../../../components/ExportButton';
import { leadingColumns, trailingColumns } from './queueColumns';
import './queues.css';

/** The server's status codes of a kind of request: pending, approved, rejected. */
const MONEY_STATUSES = { pending: 0, approved: 1, rejected: 2 };
const REAL_NAME_STATUSES = { pending: 1, approved: 2, rejected: 0 };

/** What sets the queues apart besides their columns: their calls, and texts (console keys). */
const QUEUES = {
  deposit: {
    calls: { list: api.admin.depositList, approve: api.admin.depositApprove, reject: api.admin.depositReject },
    exportCall: api.admin.exportDeposits,
    title: 'menu.deposits',
    approveLabel: 'queue.approve',
    statuses: MONEY_STATUSES,
    reasonRequired: false,
    rejectNote: null,
  },
  withdraw: {
    calls: { list: api.admin.withdrawList, approve: api.admin.withdrawApprove, reject: api.admin.withdrawReject },
    exportCall: api.admin.exportWithdrawals,
    title: 'menu.withdrawals',
    approveLabel: 'queue.approve',
    statuses: MONEY_STATUSES,
    reasonRequired: false,
    rejectNote: 'queue.refundNote',
  },
  realName: {
    calls: { list: api.admin.realNameList, approve: api.admin.realNameApprove, reject: api.admin.realNameReject },
    exportCall: null,
    title: 'menu.realNames',
    approveLabel: 'queue.verify',
    statuses: REAL_NAME_STATUSES,
    reasonRequired: true,
    rejectNote: null,
  },
} as const;

type QueueKind = keyof typeof QUEUES;
/** A row of a queue, as its list call answers it. */
export type QueueRowOf<K extends QueueKind> = AnswerOf<(typeof QUEUES)[K]['calls']['list']>[number];

export interface ReviewQueueProps<K extends QueueKind> {
  /** Which queue: its calls, statuses and texts. */
  kind: K;
  /** The kind's own columns, between the player and the submission time (`pending`: the tab of the requests to decide). */
  columns: (t: TFunction, pending: boolean) => ColumnsType<QueueRowOf<K>>;
  /** What the approve confirmation restates of the request (none: it only asks). */
  approveDetail?: (row: QueueRowOf<K>, t: TFunction) => ReactNode;
}

/** The server's "already processed" refusal, in whatever language the console speaks. */
const isAlreadyProcessed = (e: unknown) => e instanceof ApiError && e.message === translate(apiLangOf(i18n.language), 'err.request_not_pending');

/**
 * One review queue: a table per status, approve (confirmed) and reject (with a reason). When another
 * operator got there first the server refuses, the console says so and the list refreshes.
 */
export function ReviewQueue<K extends QueueKind>(props: ReviewQueueProps<K>) {
  type T = QueueRowOf<K>;
  const { t } = useTranslation();
  const queue = QUEUES[props.kind];
  // Status tabs, the pending queue first (the only one with actions).
  const statuses = [
    { value: queue.statuses.pending, label: t('queue.statusPending') },
    { value: queue.statuses.approved, label: t('queue.statusApproved') },
    { value: queue.statuses.rejected, label: t('queue.statusRejected') },
  ];
  const { message } = App.useApp();
  const guardClose = useDiscardGuard();
  const client = useQueryClient();
  const [status, setStatus] = useState<number>(queue.statuses.pending);
  const [rejecting, setRejecting] = useState<T | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const pending = status === queue.statuses.pending;
  // The kind picks the list call and the row type alike; TypeScript does not follow the pick, hence the cast.
  const list = useQuery({
    queryKey: [props.kind, 'list', status],
    queryFn: () => call(queue.calls.list, { status }) as Promise<T[]>,
    refetchInterval: pending ? 15_000 : false,
  });

  const refresh = () => {
    void client.invalidateQueries({ queryKey: [props.kind] });
    void client.invalidateQueries({ queryKey: queueCountsQuery.queryKey });
  };
  const decide = useMutation({
    mutationFn: (v: { action: 'Approve' | 'Reject'; id: number; reason?: string }) =>
      v.action === 'Reject' ? call(queue.calls.reject, { id: v.id, reason: v.reason }) : call(queue.calls.approve, { id: v.id }),
    onMutate: () => setNotice(null),
    onSuccess: () => {
      message.success(t('common.done'));
      setRejecting(null);
      refresh();
    },
    onError: (e) => {
      if (isAlreadyProcessed(e)) {
        setNotice(t('queue.alreadyProcessed'));
        setRejecting(null);
        refresh();
      } else message.error(e.message);
    },
  });

  const submitReject = () => {
    const checked = checkWith(queue.reasonRequired ? rejectWithReasonSchema : rejectSchema, { id: rejecting!.id, reason });
    if (!checked.ok) return setReasonError(checked.message);
    decide.mutate({ action: 'Reject', id: rejecting!.id, reason: checked.value.reason });
  };

  const actions: ColumnsType<T> = pending
    ? [
        {
          title: t('common.actions'),
          key: 'actions',
          fixed: 'right',
          render: (_: unknown, row: T) => (
            <Space>
              <Popconfirm
                title={t('queue.approveConfirm')}
                description={props.approveDetail?.(row, t)}
                onConfirm={() => decide.mutate({ action: 'Approve', id: row.id })}
              >
                <Button type="primary" size="small" loading={decide.isPending && decide.variables?.id === row.id}>
                  {t(queue.approveLabel)}
                </Button>
              </Popconfirm>
              <Button
                danger
                size="small"
                onClick={() => {
                  setReason('');
                  setReasonError(null);
                  setRejecting(row);
                }}
              >
                {t('queue.reject')}
              </Button>
            </Space>
          ),
        },
      ]
    : [];

  return (
    <>
      <Typography.Title level={4}>{t(queue.title)}</Typography.Title>
      <Tabs
        activeKey={String(status)}
        onChange={(k) => setStatus(Number(k))}
        items={statuses.map((s) => ({ key: String(s.value), label: s.label }))}
        tabBarExtraContent={queue.exportCall && <ExportButton call={queue.exportCall} input={{ status }} />}
      />
      {notice && <Alert type="warning" showIcon closable={{ onClose: () => setNotice(null) }} title={notice} role="alert" style={{ marginBottom: 12 }} />}
      {list.isError && <Typography.Paragraph type="danger">{list.error.message}</Typography.Paragraph>}
      <Table<T>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        columns={[...leadingColumns<T>(t), ...props.columns(t, pending), ...trailingColumns<T>(t), ...actions]}
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
        // Esc or a click beside it asks before a typed reason is thrown away.
        onCancel={guardClose(
          () => reason.trim() !== '',
          () => setRejecting(null),
        )}
        destroyOnHidden
      >
        {queue.rejectNote && <Typography.Paragraph type="secondary">{t(queue.rejectNote)}</Typography.Paragraph>}
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
