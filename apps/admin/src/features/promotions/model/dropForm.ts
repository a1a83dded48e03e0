/**
 * A red packet's drop as the console's form holds it (docs/red-packets.md#a-packet), and the body sent
 * for it. Amounts go as typed (the shared schema reads them exactly, in u); counts typed wrong go as a
 * value the schema refuses, so that the schema — the server's own check — names the field. What the
 * schema cannot know here (a time picked in the operator's zone, the total split into the shares, money
 * at risk given with its days) is checked as the server checks it, with the server's messages.
 */
import type { z } from 'zod';
import { formatMoney, parseExactMoney } from '@lucky28/shared/money';
import { canSplit, RED_PACKET_MAX_SHARES } from '@lucky28/shared/promotions';
import { RED_PACKET_SCHEDULE_MAX_SECONDS, redPacketDropSchema, type RedPacketWallet } from '@lucky28/shared/schemas';
import { fromZonedInputValue } from '../../../lib/format';

export type WindowUnit = 'minutes' | 'hours' | 'days';
export const WINDOW_UNIT_MINUTES: Record<WindowUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };
export type Qualify = 'members' | 'at_risk';

export interface DropValues {
  plan_id?: number;
  /** u, as typed. */
  total?: string;
  shares?: string;
  wallet: RedPacketWallet;
  /** Bonus money only. */
  wager_multiple?: string;
  qualify: Qualify;
  /** u, as typed; with `at_risk_days`, only when `qualify` is 'at_risk'. */
  min_at_risk?: string;
  at_risk_days?: string;
  greeting?: string;
  opens: 'now' | 'at';
  /** A datetime-local value in the operator's zone, when `opens` is 'at'. */
  opens_at?: string;
  /** How long it can be claimed, in `window_unit`s. */
  window?: string;
  window_unit: WindowUnit;
}
export type DropField = keyof DropValues;
export type DropBody = z.input<typeof redPacketDropSchema>;

export const blankDrop = (): DropValues => ({ wallet: 'cash', wager_multiple: '1', qualify: 'members', opens: 'now', window: '10', window_unit: 'minutes' });

/** How far before now a start may be: the server's grace for two clocks that differ a little (domain/promotions/packets.ts). */
const START_GRACE_S = 60;

/** A refusal under a field: an API message key (the server's words), or `console` for one of the console's own texts. */
export interface DropError {
  name: DropField;
  key: string;
  params?: Record<string, string | number>;
  console?: boolean;
}
export type DropCheck = { ok: true; body: DropBody } | { ok: false; errors: DropError[] };

/** Blank stays blank (the schema says it is missing); digits are the number; anything else NaN, which no number field takes. */
const whole = (v: string | undefined): number | string => (v === undefined || v.trim() === '' ? '' : /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN);

function windowMinutes(v: DropValues): number | string {
  const n = whole(v.window);
  return typeof n === 'number' ? n * WINDOW_UNIT_MINUTES[v.window_unit] : n;
}

/** The form field the schema's field is typed in. */
const SCHEMA_FIELD: Partial<Record<keyof DropBody, DropField>> = { window_minutes: 'window' };

/** The start picked (unix seconds); undefined for "now" or no time picked. */
const opensAtOf = (v: DropValues): number | undefined => (v.opens === 'at' ? fromZonedInputValue(v.opens_at) : undefined);

/** The body for the form's values: only the fields of what was chosen (no multiple for cash, no threshold for every member). */
export function dropBody(v: DropValues): DropBody {
  const opensAt = opensAtOf(v);
  return {
    plan_id: v.plan_id ?? '',
    total: v.total ?? '',
    shares: whole(v.shares),
    wallet: v.wallet,
    ...(v.wallet === 'bonus' ? { wager_multiple: whole(v.wager_multiple) } : {}),
    ...(v.qualify === 'at_risk' ? { min_at_risk: v.min_at_risk ?? '', at_risk_days: whole(v.at_risk_days) } : {}),
    ...(opensAt === undefined ? {} : { opens_at: opensAt }),
    window_minutes: windowMinutes(v),
    greeting: v.greeting ?? '',
  };
}

/** The form's values checked as the server checks them (`nowS`: now, unix seconds): the body to send, or each field refused. */
export function checkDrop(v: DropValues, nowS: number): DropCheck {
  const body = dropBody(v);
  const errors: DropError[] = [];
  const add = (e: DropError) => {
    if (!errors.some((x) => x.name === e.name)) errors.push(e);
  };
  if (v.plan_id === undefined) add({ name: 'plan_id', key: 'packets.form.roomRequired', console: true });
  if (v.opens === 'at') {
    const at = opensAtOf(v);
    if (at === undefined || at < nowS - START_GRACE_S || at > nowS + RED_PACKET_SCHEDULE_MAX_SECONDS)
      add({ name: 'opens_at', key: 'err.red_packet_window_invalid' });
  }
  const parsed = redPacketDropSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof DropBody;
      add({ name: SCHEMA_FIELD[field] ?? (field as DropField), key: issue.message });
    }
  }
  // The server's own rules beyond the schema, each checked once its fields are well formed (a malformed one is refused above).
  if (v.qualify === 'at_risk') {
    if (parseExactMoney(v.min_at_risk ?? '') === 0) add({ name: 'min_at_risk', key: 'err.red_packet_qualify_invalid' });
    if (body.at_risk_days === '') add({ name: 'at_risk_days', key: 'err.red_packet_qualify_invalid' });
  }
  const total = parseExactMoney(v.total ?? '');
  const shares = body.shares;
  if (total !== null && typeof shares === 'number' && Number.isInteger(shares) && shares >= 1 && shares <= RED_PACKET_MAX_SHARES && !canSplit(total, shares))
    add({ name: 'total', key: 'err.red_packet_total_too_small', params: { min: formatMoney(shares) } });
  return errors.length ? { ok: false, errors } : { ok: true, body };
}

/**
 * The form field a server's refusal naming `field` goes under (the server names its input's fields):
 * one the form holds under another name, or the choice that hides it; undefined for none of the form's.
 */
export function refusedDropField(field: string | undefined, v: DropValues): DropField | undefined {
  switch (field) {
    case 'plan_id':
    case 'total':
    case 'shares':
    case 'wallet':
    case 'greeting':
      return field;
    case 'window_minutes':
      return 'window';
    case 'opens_at':
      return v.opens === 'at' ? 'opens_at' : 'opens';
    case 'wager_multiple':
      return v.wallet === 'bonus' ? 'wager_multiple' : 'wallet';
    case 'min_at_risk':
    case 'at_risk_days':
      return v.qualify === 'at_risk' ? field : 'qualify';
    default:
      return undefined;
  }
}

/** When a packet of these values closes (unix seconds), for the form to say; undefined while the window or start is not a time. */
export function closesAt(v: DropValues, nowS: number): number | undefined {
  const minutes = windowMinutes(v);
  const opens = v.opens === 'at' ? opensAtOf(v) : nowS;
  return typeof minutes === 'number' && Number.isFinite(minutes) && opens !== undefined ? opens + minutes * 60 : undefined;
}
