import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rejectSchema, rejectWithReasonSchema, translate } from '@lucky28/shared';
import { api, ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { apiLangOf } from '../../lib/languages';
import { checkWith } from '../../lib/validation';
import { queueCountsQuery } from '../../app/Shell';

export interface ReviewQueueProps<T extends { id: number }> {
  /** The calls are `<kind>List`, `<kind>Approve`, `<kind>Reject`. */
  kind: 'deposit' | 'withdraw' | 'realName';
  title: string;
  /** Status tabs; the first is the pending queue (the only one with actions). */
  statuses: { value: number; label: string }[];
  columns: ColumnsType<T>;
  approveLabel: string;
  reasonRequired?: boolean;
  rejectNote?: string;
}

/** The server's "already processed" refusal, in whatever language the console speaks. */
const isAlreadyProcessed = (e: unknown) => e instanceof ApiError && e.message === translate(apiLangOf(i18n.language), 'err.request_not_pending');

/**
 * One review queue: a table per status, approve (confirmed) and reject (with a reason). When another
 * operator got there first the server refuses, the console says so and the list refreshes.
 */
export function ReviewQueue<T extends { id: number }>(props: ReviewQueueProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState(props.statuses[0]!.value);
  const [rejecting, setRejecting] = useState<T | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const pending = status === props.statuses[0]!.value;
  const list = useQuery({ queryKey: [props.kind, 'list', status], queryFn: () => api<T[]>(`${props.kind}List`, { status }), refetchInterval: pending ? 15_000 : false });

  const refresh = () => {
    void client.invalidateQueries({ queryKey: [props.kind] });
    void client.invalidateQueries({ queryKey: queueCountsQuery.queryKey });
  };
  const decide = useMutation({
    mutationFn: (v: { action: 'Approve' | 'Reject'; id: number; reason?: string }) =>
      api(`${props.kind}${v.action}`, v.action === 'Reject' ? { id: v.id, reason: v.reason } : { id: v.id }),
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
    const checked = checkWith(props.reasonRequired ? rejectWithReasonSchema : rejectSchema, { id: rejecting!.id, reason });
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
              <Popconfirm title={t('queue.approveConfirm')} onConfirm={() => decide.mutate({ action: 'Approve', id: row.id })}>
                <Button type="primary" size="small" loading={decide.isPending && decide.variables?.id === row.id}>
                  {props.approveLabel}
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
      <Typography.Title level={4}>{props.title}</Typography.Title>
      <Tabs activeKey={String(status)} onChange={(k) => setStatus(Number(k))} items={props.statuses.map((s) => ({ key: String(s.value), label: s.label }))} />
      {notice && <Alert type="warning" showIcon closable={{ onClose: () => setNotice(null) }} title={notice} role="alert" style={{ marginBottom: 12 }} />}
      {list.isError && <Typography.Paragraph type="danger">{list.error.message}</Typography.Paragraph>}
      <Table<T>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        columns={[...props.columns, ...actions]}
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
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        {props.rejectNote && <Typography.Paragraph type="secondary">{props.rejectNote}</Typography.Paragraph>}
        <Input.TextArea aria-label={t('common.reason')} value={reason} maxLength={200} showCount rows={3} onChange={(e) => setReason(e.target.value)} status={reasonError ? 'error' : undefined} />
        {reasonError && <Typography.Text type="danger">{reasonError}</Typography.Text>}
      </Modal>
    </>
  );
}
