import { lazy, Suspense, useState } from 'react';
import { Button, Card, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as api from '@lucky28/shared/api/refs';
import { dateTime } from '../../../lib/format';
import { QueryState } from '../../../components/QueryState';
import { can, useMe } from '../../../lib/operator';
import { gameConfigQuery, roomTitle, type GameView, type RoomView } from '../api/games';

// A game's settings are shown as text; the form (switch, time picker) loads when an admin edits them.
const loadSettings = () => import('./GameSettings');
const GameSettings = lazy(() => loadSettings().then((m) => ({ default: m.GameSettings })));

/** Whether a game is open, its hours and exposure cap (the pending change's, if any), and for admins an Edit button. */
function GameSummary({ game, editable }: { game: GameView; editable: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const shown = game.pending ?? game;
  if (editing)
    return (
      <Suspense fallback={<Spin size="small" />}>
        <GameSettings game={game} onDone={() => setEditing(false)} />
      </Suspense>
    );
  return (
    <Space wrap size="large" data-testid={`game-settings-${game.id}`}>
      <span>
        {t('games.open')}: <Tag color={shown.enabled ? 'green' : 'default'}>{shown.enabled ? t('common.yes') : t('common.no')}</Tag>
      </span>
      <span>
        {t('games.hours')}: {shown.open_from && shown.open_to ? `${shown.open_from}–${shown.open_to}` : '—'}{' '}
        <Typography.Text type="secondary">({t('games.hoursHint')})</Typography.Text>
      </span>
      <span>
        {t('games.exposureCap')}: {Number(shown.exposure_cap) > 0 ? shown.exposure_cap : t('games.noCap')}
      </span>
      {editable && (
        <Button
          size="small"
          onClick={() => setEditing(true)}
          onPointerEnter={() => void loadSettings()}
          onFocus={() => void loadSettings()}
          data-testid={`edit-game-${game.id}`}
        >
          {t('games.edit')}
        </Button>
      )}
    </Space>
  );
}

// The room editor (its form, the contract's zod schemas and messages) loads when a room is first pointed at or opened.
const loadEditor = () => import('./RoomEditor');
const RoomEditor = lazy(() => loadEditor().then((m) => ({ default: m.RoomEditor })));

/** Games (open/close, hours) and their rooms (titles, limits, odds); admins edit, others read. */
export function GamesPage() {
  const { t, i18n } = useTranslation();
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
              <GameSummary game={g} editable={editable} />
              <Table<RoomView>
                rowKey="id"
                size="small"
                style={{ marginTop: 12 }}
                pagination={false}
                dataSource={g.rooms}
                columns={[
                  { title: 'ID', dataIndex: 'id', width: 70 },
                  { title: t('games.title'), key: 'title', render: (_, r) => roomTitle(r, i18n.language) },
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
