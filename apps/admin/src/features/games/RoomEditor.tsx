import { useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Space, Switch, Table, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseMoney, returnToPlayer } from '@lucky28/shared';
import { api, ApiError } from '../../lib/api';
import { gameConfigKey, type OddsView, type RoomView } from './api';

interface Row {
  class: number;
  name: string;
  enabled: boolean;
  odds: number | null;
  odds_special: number | null;
  min: number | null;
  max: number | null;
}

const LANGS = ['zh', 'tw', 'en', 'vi'] as const;
const toNumber = (v: string | null) => (v === null ? null : Number(v));

/** RTP in % of one row as typed, computed exactly with packages/shared (the server applies the same). */
export function rowRtp(row: Pick<Row, 'class' | 'odds' | 'odds_special'>): number | null {
  const odds = row.odds === null ? null : parseMoney(String(row.odds));
  if (!odds) return null;
  const special = row.odds_special === null || row.odds_special === undefined ? null : parseMoney(String(row.odds_special));
  return returnToPlayer(row.class, { odds, oddsSpecial: special }) * 100;
}

/** Edits a room: titles in four languages, minimum stake, entry balance, and the odds table with live RTP. */
export function RoomEditor({ room, onClose }: { room: RoomView; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const source = room.pending ?? room;
  const [rows, setRows] = useState<Row[]>(() =>
    source.odds.map((o: OddsView) => ({ class: o.class, name: o.name, enabled: o.enabled, odds: toNumber(o.odds), odds_special: toNumber(o.odds_special), min: toNumber(o.min), max: toNumber(o.max) })),
  );
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const update = (cls: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.class === cls ? { ...r, ...patch } : r)));
  const tooHigh = rows.filter((r) => r.enabled && (rowRtp(r) ?? 0) > 100);

  const save = useMutation({
    mutationFn: (values: { title: Record<string, string>; min_limit: number; join_limit: number; enabled: boolean }) =>
      api('roomUpdate', {
        id: room.id,
        title: values.title,
        min_limit: String(values.min_limit),
        join_limit: String(values.join_limit ?? 0),
        enabled: values.enabled,
        odds: rows
          .filter((r) => r.enabled || r.odds !== null)
          .map((r) => ({ class: r.class, odds: String(r.odds ?? ''), odds_special: r.odds_special === null ? '' : String(r.odds_special), min: String(r.min ?? ''), max: String(r.max ?? ''), enabled: r.enabled })),
      }),
    onSuccess: () => {
      message.success(t('games.savedNextRound'));
      void client.invalidateQueries({ queryKey: gameConfigKey });
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
  });

  return (
    <Drawer open width={980} title={`${t('games.editRoom')} #${room.id}`} onClose={onClose} extra={
      <Button type="primary" disabled={tooHigh.length > 0} loading={save.isPending} onClick={() => form.submit()}>
        {t('common.save')}
      </Button>
    }>
      <Typography.Paragraph type="secondary">{t('games.nextRoundNote')}</Typography.Paragraph>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 12 }} role="alert" />}
      {tooHigh.length > 0 && <Alert type="warning" showIcon title={t('games.rtpTooHigh', { classes: tooHigh.map((r) => r.name).join(', ') })} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        name={`room-${room.id}`}
        layout="inline"
        initialValues={{
          title: source.title_i18n ?? { zh: source.title, tw: source.title, en: source.title, vi: source.title },
          min_limit: Number(source.min_limit),
          join_limit: Number(source.join_limit),
          enabled: source.enabled,
        }}
        onFinish={(v) => {
          setError(null);
          save.mutate(v);
        }}
      >
        {LANGS.map((l) => (
          <Form.Item key={l} name={['title', l]} label={`${t('games.title')} (${l})`} rules={[{ required: true, max: 40 }]}>
            <Input maxLength={40} style={{ width: 140 }} />
          </Form.Item>
        ))}
        <Form.Item name="min_limit" label={t('games.minStake')} rules={[{ required: true }]}>
          <InputNumber min={0.01} precision={2} aria-label={t('games.minStake')} />
        </Form.Item>
        <Form.Item name="join_limit" label={t('games.joinLimit')}>
          <InputNumber min={0} precision={2} aria-label={t('games.joinLimit')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('games.open')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      <Table<Row>
        rowKey="class"
        size="small"
        style={{ marginTop: 16 }}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('games.class'), dataIndex: 'name' },
          { title: t('games.offered'), key: 'enabled', render: (_, r) => <Switch size="small" checked={r.enabled} onChange={(v) => update(r.class, { enabled: v })} /> },
          { title: t('games.odds'), key: 'odds', render: (_, r) => <InputNumber size="small" min={0.01} precision={2} value={r.odds} aria-label={`${r.name} ${t('games.odds')}`} onChange={(v) => update(r.class, { odds: v })} /> },
          { title: t('games.oddsSpecial'), key: 'sp', render: (_, r) => <InputNumber size="small" min={0.01} precision={2} value={r.odds_special} onChange={(v) => update(r.class, { odds_special: v })} /> },
          { title: t('games.min'), key: 'min', render: (_, r) => <InputNumber size="small" min={0.01} precision={2} value={r.min} aria-label={`${r.name} ${t('games.min')}`} onChange={(v) => update(r.class, { min: v })} /> },
          { title: t('games.max'), key: 'max', render: (_, r) => <InputNumber size="small" min={0.01} precision={2} value={r.max} aria-label={`${r.name} ${t('games.max')}`} onChange={(v) => update(r.class, { max: v })} /> },
          {
            title: 'RTP',
            key: 'rtp',
            render: (_, r) => {
              const rtp = r.enabled ? rowRtp(r) : null;
              return rtp === null ? '—' : <Typography.Text type={rtp > 100 ? 'danger' : undefined} strong={rtp > 100}>{rtp.toFixed(2)}%</Typography.Text>;
            },
          },
        ]}
      />
      <Space style={{ marginTop: 12 }} />
    </Drawer>
  );
}
