import { useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, Space, Switch, Table, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { returnToPlayer } from '@lucky28/shared/game';
import { parseExactMoney } from '@lucky28/shared/money';
import { oddsRowSchema, roomUpdateSchema } from '@lucky28/shared/schemas';
import type { InputOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { ApiError, call } from '../../../lib/api';
import { checkWith } from '../../../lib/validation';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { gameConfigKey, type OddsView, type RoomView } from '../api/games';

/** One class's line as typed: every number is text, sent exactly so (the server refuses what is not a plain decimal). */
interface Row {
  class: number;
  name: string;
  enabled: boolean;
  odds: string;
  odds_special: string;
  min: string;
  max: string;
}

const LANGS = ['zh', 'tw', 'en', 'vi'] as const;

/** RTP in % of one row as typed, computed exactly with packages/shared (the server applies the same). */
export function rowRtp(row: Pick<Row, 'class' | 'odds' | 'odds_special'>): number | null {
  const odds = parseExactMoney(row.odds);
  if (!odds) return null;
  const special = row.odds_special === '' ? null : parseExactMoney(row.odds_special);
  return returnToPlayer(row.class, { odds, oddsSpecial: special }) * 100;
}

/** A row as the server takes it. */
const rowBody = (r: Row) => ({ class: r.class, odds: r.odds, odds_special: r.odds_special, min: r.min, max: r.max, enabled: r.enabled });

/** A decimal typed into the odds table, kept exactly as typed (no rounding, no clamping). */
const DecimalCell = ({ value, label, onChange }: { value: string; label: string; onChange: (v: string) => void }) => (
  <Input size="small" inputMode="decimal" value={value} aria-label={label} onChange={(e) => onChange(e.target.value)} style={{ width: 90 }} />
);

/** Edits a room: titles in four languages, minimum stake, entry balance, and the odds table with live RTP. */
export function RoomEditor({ room, onClose }: { room: RoomView; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const source = room.pending ?? room;
  const [initialRows] = useState<Row[]>(() =>
    source.odds.map((o: OddsView) => ({
      class: o.class,
      name: o.name,
      enabled: o.enabled,
      odds: o.odds ?? '',
      odds_special: o.odds_special ?? '',
      min: o.min ?? '',
      max: o.max ?? '',
    })),
  );
  const [rows, setRows] = useState(initialRows);
  const [form] = Form.useForm();
  const guardClose = useDiscardGuard();
  const [error, setError] = useState<string | null>(null);
  const update = (cls: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.class === cls ? { ...r, ...patch } : r)));
  const tooHigh = rows.filter((r) => r.enabled && (rowRtp(r) ?? 0) > 100);

  const save = useMutation({
    mutationFn: (body: InputOf<typeof api.admin.roomUpdate>) => call(api.admin.roomUpdate, body),
    onSuccess: () => {
      message.success(t('games.savedNextRound'));
      void client.invalidateQueries({ queryKey: gameConfigKey });
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
  });

  return (
    <Drawer
      open
      width={980}
      title={`${t('games.editRoom')} #${room.id}`}
      onClose={guardClose(() => form.isFieldsTouched() || rows !== initialRows, onClose)}
      extra={
        <Button type="primary" disabled={tooHigh.length > 0} loading={save.isPending} onClick={() => form.submit()}>
          {t('common.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('games.nextRoundNote')}</Typography.Paragraph>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 12 }} role="alert" />}
      {tooHigh.length > 0 && (
        <Alert type="warning" showIcon title={t('games.rtpTooHigh', { classes: tooHigh.map((r) => r.name).join(', ') })} style={{ marginBottom: 12 }} />
      )}
      <Form
        form={form}
        name={`room-${room.id}`}
        layout="inline"
        onValuesChange={clearEditedErrors(form)}
        initialValues={{
          title: source.title_i18n ?? { zh: source.title, tw: source.title, en: source.title, vi: source.title },
          min_limit: source.min_limit,
          join_limit: source.join_limit,
          enabled: source.enabled,
        }}
        onFinish={(v: { title: Record<(typeof LANGS)[number], string>; min_limit?: string; join_limit?: string; enabled: boolean }) => {
          setError(null);
          const sent = rows.filter((r) => r.enabled || r.odds !== '');
          const body = {
            id: room.id,
            title: v.title,
            min_limit: v.min_limit ?? '',
            join_limit: v.join_limit ?? '',
            enabled: v.enabled,
            odds: sent.map(rowBody),
          };
          // The server's own rules before sending: a field's problem on the field, a class's problem named with the class.
          const badRow = sent.map((r) => ({ r, checked: checkWith(oddsRowSchema, rowBody(r)) })).find((x) => !x.checked.ok);
          if (badRow && !badRow.checked.ok) return setError(`${badRow.r.name}: ${badRow.checked.message}`);
          const checked = checkWith(roomUpdateSchema, body);
          if (!checked.ok) {
            if (checked.field === 'min_limit' || checked.field === 'join_limit') form.setFields([{ name: checked.field, errors: [checked.message] }]);
            else setError(checked.message);
            return;
          }
          save.mutate(body);
        }}
      >
        {LANGS.map((l) => (
          <Form.Item key={l} name={['title', l]} label={`${t('games.title')} (${l})`} rules={[{ required: true, max: 40 }]}>
            <Input maxLength={40} style={{ width: 140 }} />
          </Form.Item>
        ))}
        <Form.Item name="min_limit" label={t('games.minStake')}>
          <Input inputMode="decimal" aria-label={t('games.minStake')} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="join_limit" label={t('games.joinLimit')}>
          <Input inputMode="decimal" aria-label={t('games.joinLimit')} style={{ width: 120 }} />
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
          {
            title: t('games.offered'),
            key: 'enabled',
            render: (_, r) => <Switch size="small" checked={r.enabled} onChange={(v) => update(r.class, { enabled: v })} />,
          },
          {
            title: t('games.odds'),
            key: 'odds',
            render: (_, r) => <DecimalCell value={r.odds} label={`${r.name} ${t('games.odds')}`} onChange={(v) => update(r.class, { odds: v })} />,
          },
          {
            title: t('games.oddsSpecial'),
            key: 'sp',
            render: (_, r) => (
              <DecimalCell value={r.odds_special} label={`${r.name} ${t('games.oddsSpecial')}`} onChange={(v) => update(r.class, { odds_special: v })} />
            ),
          },
          {
            title: t('games.min'),
            key: 'min',
            render: (_, r) => <DecimalCell value={r.min} label={`${r.name} ${t('games.min')}`} onChange={(v) => update(r.class, { min: v })} />,
          },
          {
            title: t('games.max'),
            key: 'max',
            render: (_, r) => <DecimalCell value={r.max} label={`${r.name} ${t('games.max')}`} onChange={(v) => update(r.class, { max: v })} />,
          },
          {
            title: 'RTP',
            key: 'rtp',
            render: (_, r) => {
              const rtp = r.enabled ? rowRtp(r) : null;
              return rtp === null ? (
                '—'
              ) : (
                <Typography.Text type={rtp > 100 ? 'danger' : undefined} strong={rtp > 100}>
                  {rtp.toFixed(2)}%
                </Typography.Text>
              );
            },
          },
        ]}
      />
      <Space style={{ marginTop: 12 }} />
    </Drawer>
  );
}
