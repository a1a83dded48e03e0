import { useState } from 'react';
import { App, Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { ApiError, call } from '../../../lib/api';
import { QueryState } from '../../../components/QueryState';
import { clearEditedErrors } from '../../../lib/forms';
import { dateTime, operatorDay } from '../../../lib/format';
import { can, useMe } from '../../../lib/operator';
import { downloadCsv, toCsv } from '../model/csv';
import '../texts';

type Settings = AnswerOf<typeof api.referral.settings>['current'];
type Row = AnswerOf<typeof api.referral.report>['list'][number];

const summary = (s: Settings, t: (k: string) => string) =>
  `${s.enabled ? '✓' : '✗'} ${s.rate1}% / ${s.level2 ? `${s.rate2}%` : '—'} · ${t('referral.minPayout')} ${s.min_payout}`;

/** The referral programme (issue 24): settings, the daily report with CSV, the held queue and flagged pairs, a player's tree. */
export function ReferralPage() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const tabs = [
    can(role, api.referral.settings) && { key: 'settings', label: t('referral.tabs.settings'), children: <SettingsPanel /> },
    can(role, api.referral.report) && { key: 'report', label: t('referral.tabs.report'), children: <ReportPanel /> },
    can(role, api.referral.held) && { key: 'held', label: t('referral.tabs.held'), children: <HeldPanel /> },
    can(role, api.referral.tree) && { key: 'tree', label: t('referral.tabs.tree'), children: <TreePanel /> },
  ].filter((x) => x !== false);
  return (
    <>
      <Typography.Title level={4}>{t('menu.referral')}</Typography.Title>
      <Tabs items={tabs} destroyOnHidden />
    </>
  );
}

function SettingsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const editable = can(useMe().data?.role, api.referral.settingsUpdate);
  const [form] = Form.useForm();
  const query = useQuery({ queryKey: ['referralSettings'], queryFn: () => call(api.referral.settings) });
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) =>
      call(api.referral.settingsUpdate, {
        enabled: Boolean(v.enabled),
        level2: Boolean(v.level2),
        rate1: String(v.rate1 ?? ''),
        rate2: String(v.rate2 ?? ''),
        min_payout: String(v.min_payout ?? ''),
      }),
    onSuccess: (data) => {
      client.setQueryData(['referralSettings'], data);
      message.success(t('common.done'));
    },
    onError: (e) => (e instanceof ApiError && e.field ? form.setFields([{ name: e.field, errors: [e.message] }]) : message.error(e.message)),
  });
  return (
    <QueryState query={query}>
      {(s) => (
        <Card style={{ maxWidth: 720 }}>
          <Typography.Paragraph>
            {t('referral.current')}: {summary(s.current, t)}
          </Typography.Paragraph>
          {s.next && <Typography.Paragraph type="warning">{t('referral.pending', { day: s.from, summary: summary(s.next, t) })}</Typography.Paragraph>}
          <Typography.Paragraph type="secondary">{t('referral.appliesFrom', { day: s.from, today: s.today })}</Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            disabled={!editable}
            initialValues={s.next ?? s.current}
            onFinish={(v) => save.mutate(v)}
            onValuesChange={clearEditedErrors(form)}
          >
            <Form.Item name="enabled" label={t('referral.enabled')} valuePropName="checked">
              <Switch data-testid="referral-enabled" />
            </Form.Item>
            <Form.Item name="rate1" label={t('referral.rate1')}>
              <Input inputMode="decimal" style={{ width: 200 }} data-testid="referral-rate1" />
            </Form.Item>
            <Form.Item name="level2" label={t('referral.level2')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="rate2" label={t('referral.rate2')}>
              <Input inputMode="decimal" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="min_payout" label={t('referral.minPayout')}>
              <Input inputMode="decimal" style={{ width: 200 }} />
            </Form.Item>
            {editable && (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            )}
          </Form>
        </Card>
      )}
    </QueryState>
  );
}

function useRowColumns() {
  const { t } = useTranslation();
  return [
    { title: t('referral.day'), dataIndex: 'day' },
    { title: t('referral.referrer'), dataIndex: 'username', render: (v: string, r: Row) => <Link to={`/users/${r.referrer_id}`}>{v}</Link> },
    {
      title: t('referral.pot'),
      dataIndex: 'pot',
      render: (v: number) => (v === 1 ? <Tag color="orange">{t('referral.potFlagged')}</Tag> : t('referral.potNormal')),
    },
    { title: t('referral.orders'), dataIndex: 'orders', align: 'right' as const },
    { title: t('referral.stakes'), dataIndex: 'stakes', align: 'right' as const },
    { title: t('referral.edge'), dataIndex: 'edge', align: 'right' as const },
    { title: t('referral.amount'), dataIndex: 'amount', align: 'right' as const },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (v: number, r: Row) => (
        <Space size={4}>
          <Tag color={v === 1 ? 'green' : v === 2 ? 'orange' : undefined}>{t(`referral.status.${v}`)}</Tag>
          {r.hold_reason && <Typography.Text type="secondary">{t(`referral.reason.${r.hold_reason}`)}</Typography.Text>}
        </Space>
      ),
    },
  ];
}

const rowCsv = (rows: Row[]) => rows.map((r) => [r.day, r.referrer_id, r.username, r.pot, r.orders, r.stakes, r.edge, r.amount, r.status, r.hold_reason]);
const ROW_HEADER = ['day', 'referrer_id', 'referrer', 'pot', 'orders', 'stakes', 'edge', 'commission', 'status', 'hold_reason'];

function ReportPanel() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([operatorDay(29), operatorDay(0)]);
  const [page, setPage] = useState(1);
  const [begin, end] = period.map((d) => d.format('YYYY-MM-DD')) as [string, string];
  const query = useQuery({
    queryKey: ['referralReport', begin, end, page],
    queryFn: () => call(api.referral.report, { begin_date: begin, end_date: end, page, limit: 50 }),
  });
  const columns = useRowColumns();
  const exportAll = async () => {
    const rows: Row[] = [];
    for (let p = 1; ; p++) {
      const part = await call(api.referral.report, { begin_date: begin, end_date: end, page: p, limit: 200 });
      rows.push(...part.list);
      if (rows.length >= part.total || part.list.length === 0) {
        const days = part.days.map((d) => [d.day, d.referrers, d.stakes, d.edge, d.paid, d.held, d.pending, d.voided]);
        downloadCsv(`referral-days-${begin}-${end}.csv`, toCsv(['day', 'referrers', 'stakes', 'edge', 'paid', 'held', 'pending', 'voided'], days));
        downloadCsv(`referral-commissions-${begin}-${end}.csv`, toCsv(ROW_HEADER, rowCsv(rows)));
        return;
      }
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker value={period} onChange={(v) => v?.[0] && v[1] && (setPeriod([v[0], v[1]]), setPage(1))} allowClear={false} />
        <Button onClick={() => void exportAll()} data-testid="referral-csv">
          {t('referral.csv')}
        </Button>
      </Space>
      <QueryState query={query}>
        {(r) => (
          <>
            <Table
              rowKey="day"
              size="small"
              dataSource={r.days}
              pagination={false}
              style={{ marginBottom: 24 }}
              columns={[
                { title: t('referral.day'), dataIndex: 'day' },
                { title: t('referral.referrers'), dataIndex: 'referrers', align: 'right' },
                { title: t('referral.stakes'), dataIndex: 'stakes', align: 'right' },
                { title: t('referral.edge'), dataIndex: 'edge', align: 'right' },
                { title: t('referral.paid'), dataIndex: 'paid', align: 'right' },
                { title: t('referral.held'), dataIndex: 'held', align: 'right' },
                { title: t('referral.pendingAmount'), dataIndex: 'pending', align: 'right' },
                { title: t('referral.voided'), dataIndex: 'voided', align: 'right' },
              ]}
            />
            <Table<Row>
              rowKey="id"
              size="small"
              dataSource={r.list}
              columns={columns}
              pagination={{ current: page, pageSize: 50, total: r.total, onChange: setPage }}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

function HeldPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['referralHeld'], queryFn: () => call(api.referral.held), staleTime: 0 });
  const [deciding, setDeciding] = useState<{ row: Row; action: 'release' | 'void' } | null>(null);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (d: { id: number; action: 'release' | 'void'; reason: string }) => call(api.referral.decide, d),
    onSuccess: () => {
      setDeciding(null);
      setReason('');
      message.success(t('common.done'));
      void client.invalidateQueries({ queryKey: ['referralHeld'] });
    },
    onError: (e) => message.error(e.message),
  });
  const columns = [
    ...useRowColumns(),
    {
      title: '',
      key: 'actions',
      render: (_: unknown, row: Row) => (
        <Space>
          <Button size="small" type="primary" onClick={() => setDeciding({ row, action: 'release' })}>
            {t('referral.release')}
          </Button>
          <Button size="small" danger onClick={() => setDeciding({ row, action: 'void' })}>
            {t('referral.void')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <QueryState query={query}>
      {(q) => (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Button onClick={() => downloadCsv('referral-held.csv', toCsv(ROW_HEADER, rowCsv(q.held)))}>{t('referral.csv')}</Button>
          </Space>
          <Table<Row> rowKey="id" size="small" dataSource={q.held} columns={columns} pagination={false} style={{ marginBottom: 24 }} />
          <Typography.Title level={5}>{t('referral.flaggedPairs')}</Typography.Title>
          <Table
            rowKey="invitee_id"
            size="small"
            dataSource={q.flagged}
            pagination={false}
            columns={[
              { title: t('referral.invitee'), dataIndex: 'invitee', render: (v: string, r) => <Link to={`/users/${r.invitee_id}`}>{v}</Link> },
              { title: t('referral.referrer'), dataIndex: 'referrer', render: (v: string, r) => <Link to={`/users/${r.referrer_id}`}>{v}</Link> },
              { title: t('referral.flag'), dataIndex: 'flag', render: (v: string) => t(`referral.flags.${v}`) },
              { title: t('referral.joined'), dataIndex: 'created_at', render: (v: number) => dateTime(v) },
            ]}
          />
          <Modal
            open={deciding !== null}
            title={deciding ? `${t(`referral.${deciding.action}`)} · ${deciding.row.username} · ${deciding.row.day} · ${deciding.row.amount}` : ''}
            onCancel={() => setDeciding(null)}
            okButtonProps={{ disabled: reason.trim() === '', loading: decide.isPending, danger: deciding?.action === 'void' }}
            onOk={() => deciding && decide.mutate({ id: deciding.row.id, action: deciding.action, reason })}
          >
            <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} placeholder={t('referral.decisionReason')} />
          </Modal>
        </>
      )}
    </QueryState>
  );
}

function TreePanel() {
  const { t } = useTranslation();
  const [id, setId] = useState<number | null>(null);
  const [typed, setTyped] = useState<number | null>(null);
  const query = useQuery({ queryKey: ['referralTree', id], queryFn: () => call(api.referral.tree, { id: id! }), enabled: id !== null });
  const member = (level: 1 | 2) => [
    { title: 'ID', dataIndex: 'id' },
    { title: t('auth.username'), dataIndex: 'username', render: (v: string, r: { id: number }) => <Link to={`/users/${r.id}`}>{v}</Link> },
    { title: t('referral.joined'), dataIndex: 'created_at', render: (v: number) => dateTime(v) },
    { title: t('referral.flag'), dataIndex: 'flag', render: (v: string | null) => (v ? <Tag color="orange">{t(`referral.flags.${v}`)}</Tag> : '') },
    { title: t('referral.invitees'), dataIndex: 'invitees', align: 'right' as const },
    ...(level === 2 ? [{ title: t('referral.via'), dataIndex: 'via' }] : []),
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <InputNumber min={1} placeholder={t('referral.playerId')} value={typed} onChange={(v) => setTyped(typeof v === 'number' ? v : null)} />
        <Button type="primary" disabled={typed === null} onClick={() => setId(typed)}>
          {t('referral.show')}
        </Button>
      </Space>
      {id !== null && (
        <QueryState query={query}>
          {(tree) => (
            <>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'player', label: t('referral.referrer'), children: `${tree.player.username} (#${tree.player.id})` },
                  { key: 'inviter', label: t('referral.inviter'), children: tree.player.inviter ? tree.player.inviter.username : t('referral.none') },
                  { key: 'earned', label: t('referral.amount'), children: t('referral.earned', tree.earned) },
                ]}
              />
              <Typography.Title level={5}>
                {t('referral.level1')} ({tree.counts.level1})
              </Typography.Title>
              <Table rowKey="id" size="small" dataSource={tree.level1} columns={member(1)} pagination={{ pageSize: 50 }} />
              <Typography.Title level={5}>
                {t('referral.level2')} ({tree.counts.level2})
              </Typography.Title>
              <Table rowKey="id" size="small" dataSource={tree.level2} columns={member(2)} pagination={{ pageSize: 50 }} />
            </>
          )}
        </QueryState>
      )}
    </>
  );
}
