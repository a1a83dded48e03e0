import { lazy, Suspense, useState } from 'react';
import { App, Button, Card, Form, Space, Switch, Table, Tag, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { QueryState } from '../../components/QueryState';
import { can, useMe } from '../../lib/operator';
import { gameConfigKey, gameConfigQuery, type GameView, type RoomView } from './api';

function GameSettings({ game, editable }: { game: GameView; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const shown = game.pending ?? game;
  const save = useMutation({
    mutationFn: (v: { enabled: boolean; hours?: [dayjs.Dayjs, dayjs.Dayjs] | null }) =>
      call(api.admin.gameUpdate, {
        id: game.id,
        enabled: v.enabled,
        open_from: v.hours?.[0]?.format('HH:mm') ?? '',
        open_to: v.hours?.[1]?.format('HH:mm') ?? '',
      }),
    onSuccess: () => {
      message.success(t('games.savedNextRound'));
      void client.invalidateQueries({ queryKey: gameConfigKey });
    },
    onError: (e) => message.error(e.message),
  });
  return (
    <Form
      name={`game-${game.id}`}
      layout="inline"
      disabled={!editable}
      initialValues={{
        enabled: shown.enabled,
        hours: shown.open_from && shown.open_to ? [dayjs(shown.open_from, 'HH:mm'), dayjs(shown.open_to, 'HH:mm')] : null,
      }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item name="enabled" label={t('games.open')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="hours" label={t('games.hours')} extra={t('games.hoursHint')}>
        <TimePicker.RangePicker format="HH:mm" allowClear />
      </Form.Item>
      {editable && (
        <Button htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}

// The room editor (its form, the contract's zod schemas and messages) loads when a room is first pointed at or opened.
const loadEditor = () => import('./RoomEditor');
const RoomEditor = lazy(() => loadEditor().then((m) => ({ default: m.RoomEditor })));

/** Games (open/close, hours) and their rooms (titles, limits, odds); admins edit, others read. */
export function GamesPage() {
  const { t } = useTranslation();
  const editable = can(useMe().data?.role, api.admin.gameUpdate);
  const config = useQuery(gameConfigQuery);
  const [editing, setEditing] = useState<RoomView | null>(null);
  return (
    <QueryState query={config}>
      {(data) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Title level={4}>{t('menu.games')}</Typography.Title>
          {data.games.map((g) => (
            <Card
              key={g.id}
              title={`${t(`games.name.${g.id}`)} (#${g.id})`}
              extra={g.pending_from && <Tag color="orange">{t('games.pendingFrom', { time: dateTime(g.pending_from) })}</Tag>}
            >
              <GameSettings game={g} editable={editable} />
              <Table<RoomView>
                rowKey="id"
                size="small"
                style={{ marginTop: 12 }}
                pagination={false}
                dataSource={g.rooms}
                columns={[
                  { title: 'ID', dataIndex: 'id', width: 70 },
                  { title: t('games.title'), key: 'title', render: (_, r) => (r.title_i18n ? Object.values(r.title_i18n).join(' / ') : r.title) },
                  { title: t('games.minStake'), dataIndex: 'min_limit' },
                  { title: t('games.joinLimit'), dataIndex: 'join_limit' },
                  { title: t('games.open'), dataIndex: 'enabled', render: (v: boolean) => (v ? t('common.yes') : t('common.no')) },
                  {
                    title: t('games.maxRtp'),
                    key: 'rtp',
                    render: (_, r) => `${Math.max(...r.odds.filter((o) => o.rtp !== null).map((o) => Number(o.rtp))).toFixed(2)}%`,
                  },
                  {
                    title: '',
                    key: 'pending',
                    render: (_, r) => r.pending_from && <Tag color="orange">{t('games.pendingFrom', { time: dateTime(r.pending_from) })}</Tag>,
                  },
                  {
                    title: t('common.actions'),
                    key: 'edit',
                    render: (_, r) => (
                      <Button
                        size="small"
                        onClick={() => setEditing(r)}
                        onPointerEnter={() => void loadEditor()}
                        onFocus={() => void loadEditor()}
                        data-testid={`edit-room-${r.id}`}
                      >
                        {editable ? t('games.edit') : t('games.view')}
                      </Button>
                    ),
                  },
                ]}
              />
            </Card>
          ))}
          {editing && (
            <Suspense>
              <RoomEditor room={editing} onClose={() => setEditing(null)} />
            </Suspense>
          )}
        </Space>
      )}
    </QueryState>
  );
}
