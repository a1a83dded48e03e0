import { useEffect, useState } from 'react';
import { App, Badge, Button, Card, Col, Form, Input, Row, Segmented, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import * as api from '@lucky28/shared/api/refs';
import { ApiError } from '../../../lib/api';
import { dateTime } from '../../../lib/format';
import { QueryState } from '../../../components/QueryState';
import { useChatChange, useChatFilter, useChatMutes, useChatReports, useChatRooms, type ChatMuteRow, type ChatReportRow } from '../api/chat';
import { LiveRoom, RoomSettings } from './LiveRoom';
import '../texts';

/**
 * Chat moderation (docs/operations.md#the-moderator): any room's chat live with remove and mute, the
 * room's settings, the players' reports, the mutes in force with their end times, the word and link lists.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const rooms = useChatRooms();
  const openReports = (rooms.data?.list ?? []).reduce((n, r) => n + r.open_reports, 0);
  return (
    <Card title={t('chat.title')}>
      <Tabs
        items={[
          { key: 'live', label: t('chat.tabs.live'), children: <RoomsTab /> },
          {
            key: 'reports',
            label: (
              <Badge count={openReports} size="small" offset={[8, 0]}>
                {t('chat.tabs.reports')}
              </Badge>
            ),
            children: <ReportsTab />,
          },
          { key: 'mutes', label: t('chat.tabs.mutes'), children: <MutesTab /> },
          { key: 'filter', label: t('chat.tabs.filter'), children: <FilterTab /> },
        ]}
      />
    </Card>
  );
}

function RoomsTab() {
  const { t } = useTranslation();
  const rooms = useChatRooms();
  const [planId, setPlanId] = useState<number | null>(null);
  return (
    <QueryState query={rooms}>
      {({ list }) => {
        const room = list.find((r) => r.plan_id === planId) ?? null;
        return (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Select
              aria-label={t('chat.room')}
              placeholder={t('chat.pickRoom')}
              style={{ width: 320 }}
              value={planId ?? undefined}
              onChange={setPlanId}
              options={list.map((r) => ({ value: r.plan_id, label: `${r.title} (#${r.plan_id})${r.enabled ? '' : ` — ${t('chat.off')}`}` }))}
            />
            {room && (
              <Row gutter={16}>
                <Col xs={24} lg={16}>
                  <LiveRoom room={room} />
                </Col>
                <Col xs={24} lg={8}>
                  <RoomSettings key={room.plan_id} room={room} />
                </Col>
              </Row>
            )}
          </Space>
        );
      }}
    </QueryState>
  );
}

function ReportsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const reports = useChatReports(status);
  const resolve = useChatChange(api.admin.chatReportResolve);
  const act = (id: number, action: 'remove' | 'dismiss') =>
    resolve.mutate({ report_id: id, action }, { onSuccess: () => message.success(t('common.done')), onError: (e) => message.error(e.message) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'resolved')}
        options={[
          { value: 'open', label: t('chat.reportsOpen') },
          { value: 'resolved', label: t('chat.reportsResolved') },
        ]}
      />
      <Table<ChatReportRow>
        rowKey="id"
        size="small"
        loading={reports.isLoading}
        dataSource={reports.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('common.time'), dataIndex: 'createtime', width: 170, render: (v: number) => dateTime(v) },
          { title: t('chat.room'), render: (_: unknown, r) => `#${r.message.plan_id}` },
          { title: t('common.user'), render: (_: unknown, r) => r.message.username ?? '' },
          { title: t('chat.text'), render: (_: unknown, r) => r.message.text },
          { title: t('chat.reportedBy'), render: (_: unknown, r) => t('chat.reportCount', { user: r.reporter, n: r.reports }) },
          {
            title: t('common.actions'),
            render: (_: unknown, r) =>
              r.resolution ? (
                <Tag>{t(`chat.resolution.${r.resolution}`, { by: r.resolved_by ?? '' })}</Tag>
              ) : (
                <Space>
                  <Button size="small" danger onClick={() => act(r.id, 'remove')}>
                    {t('chat.remove')}
                  </Button>
                  <Button size="small" onClick={() => act(r.id, 'dismiss')}>
                    {t('chat.dismiss')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}

function MutesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mutes = useChatMutes();
  const unmute = useChatChange(api.admin.chatUnmute);
  return (
    <Table<ChatMuteRow>
      rowKey="id"
      size="small"
      loading={mutes.isLoading}
      dataSource={mutes.data?.list ?? []}
      pagination={false}
      columns={[
        { title: t('common.user'), dataIndex: 'username' },
        { title: t('chat.until'), dataIndex: 'until', render: (v: number) => dateTime(v) },
        { title: t('common.reason'), dataIndex: 'reason' },
        { title: t('chat.shadow'), dataIndex: 'shadow', render: (v: boolean) => (v ? t('common.yes') : t('common.no')) },
        { title: t('chat.by'), dataIndex: 'by' },
        {
          title: t('common.actions'),
          render: (_: unknown, m) => (
            <Button
              size="small"
              onClick={() =>
                unmute.mutate({ user_id: m.user_id }, { onSuccess: () => message.success(t('common.done')), onError: (e) => message.error(e.message) })
              }
            >
              {t('chat.unmute')}
            </Button>
          ),
        },
      ]}
    />
  );
}

function FilterTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const filter = useChatFilter();
  const save = useChatChange(api.admin.chatFilterUpdate);
  const [form] = Form.useForm();
  useEffect(() => {
    if (filter.data) {
      form.setFieldsValue({
        words: filter.data.words.join('\n'),
        links_allowed: filter.data.links_allowed,
        allowed_domains: filter.data.allowed_domains.join('\n'),
      });
    }
  }, [filter.data, form]);
  return (
    <QueryState query={filter}>
      {() => (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          onFinish={(v: { words?: string; links_allowed: boolean; allowed_domains?: string }) =>
            save.mutate(
              { words: v.words ?? '', links_allowed: v.links_allowed, allowed_domains: v.allowed_domains ?? '' },
              {
                onSuccess: () => message.success(t('common.done')),
                onError: (e) => (e instanceof ApiError && e.field ? form.setFields([{ name: e.field, errors: [e.message] }]) : message.error(e.message)),
              },
            )
          }
        >
          <Form.Item name="words" label={t('chat.words')} extra={t('chat.wordsHelp')}>
            <Input.TextArea rows={8} maxLength={4_000} />
          </Form.Item>
          <Form.Item name="links_allowed" label={t('chat.linksAllowed')} valuePropName="checked" extra={t('chat.linksHelp')}>
            <Switch />
          </Form.Item>
          <Form.Item name="allowed_domains" label={t('chat.allowedDomains')}>
            <Input.TextArea rows={4} maxLength={2_000} placeholder="example.com" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </QueryState>
  );
}
