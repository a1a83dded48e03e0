import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import * as api from '@lucky28/shared/api/refs';
import { ApiError } from '../../../lib/api';
import { dateTime } from '../../../lib/format';
import { useChatChange, useRoomChat, type ChatRoomRow, type OperatorChatMessage } from '../api/chat';

/** What the mute dialog asks: how long, why, and whether only the player sees their posts. */
interface MuteDraft {
  minutes: number;
  reason: string;
  shadow: boolean;
}

const showError = (message: { error: (m: string) => void }) => (e: unknown) => message.error(e instanceof Error ? e.message : String(e));

/** A room's chat as it happens (polled), with remove and mute on each player's message. */
export function LiveRoom({ room }: { room: ChatRoomRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const chat = useRoomChat(room.plan_id);
  const remove = useChatChange(api.admin.chatRemove);
  const mute = useChatChange(api.admin.chatMute);
  const [muting, setMuting] = useState<OperatorChatMessage | null>(null);
  const [form] = Form.useForm<MuteDraft>();

  const submitMute = async () => {
    const v = await form.validateFields();
    mute.mutate(
      { user_id: muting!.user_id!, minutes: v.minutes, reason: v.reason, shadow: v.shadow },
      {
        onSuccess: () => {
          setMuting(null);
          message.success(t('common.done'));
        },
        onError: (e) =>
          e instanceof ApiError && e.field ? form.setFields([{ name: e.field as keyof MuteDraft, errors: [e.message] }]) : message.error(e.message),
      },
    );
  };

  const rows = [...(chat.data?.list ?? [])].reverse();
  return (
    <Card title={t('chat.live', { room: room.title })} size="small">
      <Table<OperatorChatMessage>
        rowKey="id"
        size="small"
        dataSource={rows}
        loading={chat.isLoading}
        pagination={false}
        scroll={{ y: 420 }}
        columns={[
          { title: t('common.time'), dataIndex: 'createtime', width: 170, render: (v: number) => dateTime(v) },
          { title: t('common.user'), dataIndex: 'username', width: 140, render: (v: string | null, m) => v ?? t(`chat.kind.${m.kind}`) },
          {
            title: t('chat.text'),
            dataIndex: 'text',
            render: (text: string, m) => (
              <Space>
                <span style={m.removed ? { textDecoration: 'line-through' } : undefined}>{text}</span>
                {m.removed && <Tag color="red">{t('chat.removed')}</Tag>}
                {m.shadow && <Tag>{t('chat.shadowed')}</Tag>}
                {m.id <= (chat.data?.cleared_through ?? 0) && <Tag>{t('chat.cleared')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('common.actions'),
            width: 200,
            render: (_: unknown, m) => (
              <Space>
                {!m.removed && (
                  <Popconfirm title={t('chat.removeConfirm')} onConfirm={() => remove.mutate({ message_id: m.id }, { onError: showError(message) })}>
                    <Button size="small" danger>
                      {t('chat.remove')}
                    </Button>
                  </Popconfirm>
                )}
                {m.user_id !== null && (
                  <Button
                    size="small"
                    onClick={() => {
                      form.setFieldsValue({ minutes: 60, reason: '', shadow: false });
                      setMuting(m);
                    }}
                  >
                    {t('chat.mute')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={muting !== null}
        title={t('chat.muteTitle', { user: muting?.username ?? '' })}
        onOk={() => void submitMute()}
        onCancel={() => setMuting(null)}
        okText={t('chat.mute')}
        confirmLoading={mute.isPending}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="minutes" label={t('chat.minutes')} rules={[{ required: true, message: t('chat.minutes') }]}>
            <InputNumber min={1} max={43_200} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, message: t('common.reason') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="shadow" label={t('chat.shadow')} valuePropName="checked" extra={t('chat.shadowHelp')}>
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** A room's chat settings, its pinned announcement and the clear button (keyed by room: a new room starts a new form). */
export function RoomSettings({ room }: { room: ChatRoomRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useChatChange(api.admin.chatRoomUpdate);
  const pin = useChatChange(api.admin.chatPin);
  const unpin = useChatChange(api.admin.chatUnpin);
  const clear = useChatChange(api.admin.chatClear);
  const [form] = Form.useForm();
  const [pinText, setPinText] = useState(room.pinned ?? '');
  const done = { onSuccess: () => message.success(t('common.done')), onError: showError(message) };

  return (
    <Card title={t('chat.settings')} size="small">
      <Form
        form={form}
        layout="vertical"
        initialValues={room}
        onFinish={(v: ChatRoomRow) =>
          save.mutate(
            {
              plan_id: room.plan_id,
              enabled: v.enabled,
              muted: v.muted,
              slow_mode_seconds: v.slow_mode_seconds,
              gate_settled_bet: v.gate_settled_bet,
              gate_account_hours: v.gate_account_hours,
            },
            done,
          )
        }
      >
        <Form.Item name="enabled" label={t('chat.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="muted" label={t('chat.roomMuted')} valuePropName="checked" extra={t('chat.roomMutedHelp')}>
          <Switch />
        </Form.Item>
        <Form.Item name="slow_mode_seconds" label={t('chat.slowMode')}>
          <InputNumber min={0} max={3_600} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="gate_settled_bet" label={t('chat.gateSettledBet')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="gate_account_hours" label={t('chat.gateAccountHours')}>
          <InputNumber min={0} max={8_760} style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        <label htmlFor="chat-pin">{t('chat.pinned')}</label>
        <Input id="chat-pin" value={pinText} maxLength={200} onChange={(e) => setPinText(e.target.value)} />
        <Space>
          <Button onClick={() => pin.mutate({ plan_id: room.plan_id, text: pinText }, done)}>{t('chat.pin')}</Button>
          {room.pinned !== null && <Button onClick={() => unpin.mutate({ plan_id: room.plan_id }, done)}>{t('chat.unpin')}</Button>}
          <Popconfirm title={t('chat.clearConfirm')} onConfirm={() => clear.mutate({ plan_id: room.plan_id }, done)}>
            <Button danger>{t('chat.clear')}</Button>
          </Popconfirm>
        </Space>
      </Space>
    </Card>
  );
}
