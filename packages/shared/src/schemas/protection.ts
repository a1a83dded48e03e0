import { z } from 'zod';
import { ALL_BREAK_DURATIONS, EXCLUSION_KINDS, LIMIT_PERIODS, MONEY_LIMIT_KINDS, REALITY_CHECK_CHOICES } from '../protection.js';
import { moneyText, unixTime } from './envelope.js';
import { enumText, flagField, intField, optionalDate, optionalText } from './fields.js';
import { AMOUNT_TEXT_MAX } from './wallet.js';

/**
 * user/setLimit: `kind` deposit | loss | stake with `period` day | week | month (amount in u, 0 a
 * real limit), or kind session with period session (amount in minutes). `remove` (without an
 * amount) removes the limit; neither is refused. The amount's shape is judged after the kind is
 * known (u or minutes, `readLimitValue`).
 */
export const setLimitSchema = z.object({
  kind: enumText([...MONEY_LIMIT_KINDS, 'session'], 'err.limit_kind_invalid'),
  period: enumText([...LIMIT_PERIODS, 'session'], 'err.limit_kind_invalid'),
  amount: optionalText({ max: AMOUNT_TEXT_MAX, invalid: 'err.limit_amount_invalid' }),
  remove: flagField(),
});

/** user/setRealityCheck: minutes between reality checks, 15, 30 or 60 (never off). */
export const setRealityCheckSchema = z.object({
  minutes: intField({ min: 1, max: 1440, invalid: 'err.reality_check_invalid' }).refine(
    (v) => (REALITY_CHECK_CHOICES as readonly number[]).includes(v),
    'err.reality_check_invalid',
  ),
});

/** user/takeBreak: a time-out (24h, 7d, 30d) or a self-exclusion (6m, 1y, 5y, with the password). */
export const takeBreakSchema = z.object({
  kind: enumText(EXCLUSION_KINDS as [string, ...string[]], 'err.break_invalid'),
  duration: enumText(ALL_BREAK_DURATIONS, 'err.break_invalid'),
  password: optionalText({ max: 64, invalid: 'err.password_wrong_confirm' }),
});

/** user/orderTotals: the same period as the bet history. */
export const orderTotalsSchema = z.object({
  begin_date: optionalDate('err.date_invalid'),
  end_date: optionalDate('err.date_invalid'),
});

// --- answers ---

const int = z.number().int();

/** One limit: in force (`amount`), a change waiting for its 24 hours (`pending_*`), and how much of it is used. */
export const limitData = z.object({
  kind: z.string(),
  period: z.string(),
  /** "100.00" u for money limits, minutes as text for the session limit; null = none in force. */
  amount: z.string().nullable(),
  /** The waiting raise (null with pending_from set = waiting removal). */
  pending_amount: z.string().nullable(),
  pending_from: unixTime.nullable(),
  /** Used in the current period (u, or minutes of this session). */
  used: z.string(),
  /** When the current period ends (null for the session limit). */
  resets_at: unixTime.nullable(),
});

/** Every limit of the caller, with its use (user/protectionInfo's `limits`, user/setLimit's answer). */
export const limitsData = z.array(limitData);

export const exclusionData = z.object({ kind: z.string(), until: unixTime, since: unixTime.nullable() });

export const protectionInfoData = z.object({
  limits: limitsData,
  reality_check: int,
  exclusion: exclusionData.nullable(),
  /** This login session: when it began and its play so far (the reality check shows it). */
  session: z.object({ started_at: unixTime, stake: moneyText, payout: moneyText, result: moneyText }),
  time_zone: z.string(),
});

const positionData = z.object({
  deposits: moneyText,
  withdrawals: moneyText,
  /** Deposits minus withdrawals. */
  net_deposits: moneyText,
  stake: moneyText,
  payout: moneyText,
  /** Payouts minus stakes. */
  result: moneyText,
});
export const netPositionData = z.object({ today: positionData, month: positionData, all: positionData });

export const orderTotalsData = z.object({ count: int, stake: moneyText, payout: moneyText, result: moneyText });

export const takeBreakData = exclusionData;
export const withdrawReverseData = z.object({ id: int, money: moneyText, over: moneyText });
export const setRealityCheckData = z.object({ reality_check: int });

/** The console's view of a player's protection status (admin userDetail `protection`). */
export const protectionStatusData = z.object({
  exclusion: exclusionData.nullable(),
  limits: z.array(limitData.omit({ used: true, resets_at: true })),
  reality_check: int,
});
