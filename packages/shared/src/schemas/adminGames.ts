import { z } from 'zod';
import { BET_CLASS_IDS } from '../game/betClasses.js';
import { adminPaging, decimalHundredths, optionalHundredths, pageData } from './admin.js';
import { moneyText, unixTime } from './envelope.js';
import { intField, optionalDate, optionalInt, optionalText, requiredFlag, requiredText } from './fields.js';
import { SMALLINT_MAX } from './lottery.js';

/** Largest stake limit or entry balance an operator may set: 10,000,000 u, in cents. */
export const MAX_LIMIT_CENTS = 1_000_000_000;
/** Largest odds an operator may set: 10,000x, in hundredths. */
export const MAX_ODDS_HUNDREDTHS = 1_000_000;
/** Longest room title in any language. */
export const ROOM_TITLE_MAX = 40;

const gameId = intField({ min: 1, max: SMALLINT_MAX, invalid: 'err.game_not_found' });

/** "HH:MM" (00:00–23:59); blank is null, "always open". */
const hourField = () =>
  optionalText({ max: 5, invalid: 'err.hours_invalid' })
    .pipe(
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'err.hours_invalid')
        .optional(),
    )
    .transform((v) => v ?? null);

/** A title in the four languages of the product (zh, tw, en, vi), each required. */
const localizedTitle = () => {
  const title = requiredText('err.title_required', { max: ROOM_TITLE_MAX, invalid: 'err.title_required' });
  return z.object({ zh: title, tw: title, en: title, vi: title }, { error: 'err.title_required' });
};

const limit = (min = 1) => decimalHundredths({ min, max: MAX_LIMIT_CENTS, invalid: 'err.limit_invalid' });

export const gameIdSchema = z.object({ game_id: gameId });

/** Largest exposure cap an operator may set (the most the house may lose on one round): 1,000,000,000 u, in cents. */
export const MAX_EXPOSURE_CAP_CENTS = 100_000_000_000;

export const gameUpdateSchema = z
  .object({
    id: gameId,
    enabled: requiredFlag('err.bad_request'),
    open_from: hourField(),
    open_to: hourField(),
    /** The round's exposure cap (docs/design.md, "Exposure cap"); 0 = none, absent = unchanged. */
    exposure_cap: optionalHundredths({ min: 0, max: MAX_EXPOSURE_CAP_CENTS, invalid: 'err.limit_invalid' }),
  })
  .refine((v) => (v.open_from === null) === (v.open_to === null), { message: 'err.hours_invalid', path: ['open_to'] });

export const oddsRowSchema = z.object({
  class: intField({ min: 1, max: Math.max(...BET_CLASS_IDS), invalid: 'err.bet_class_invalid' }),
  odds: decimalHundredths({ max: MAX_ODDS_HUNDREDTHS, invalid: 'err.odds_invalid' }),
  odds_special: optionalHundredths({ max: MAX_ODDS_HUNDREDTHS, invalid: 'err.odds_invalid' }),
  min: limit(),
  max: limit(),
  enabled: requiredFlag('err.bad_request'),
});

/** A room's whole configuration as the console edits it; it takes effect from the next round. */
export const roomUpdateSchema = z.object({
  id: intField({ min: 1, invalid: 'err.room_not_found' }),
  title: localizedTitle(),
  min_limit: limit(),
  /** The balance a player needs to enter; 0 = none. */
  join_limit: limit(0),
  enabled: requiredFlag('err.bad_request'),
  odds: z.array(oddsRowSchema, { error: 'err.odds_invalid' }).min(1, 'err.odds_invalid').max(BET_CLASS_IDS.length, 'err.odds_invalid'),
});

/** roundList: a game's drawn rounds, newest first; `issue` finds one round (exact issue number). */
export const roundListSchema = z.object({ game_id: gameId, issue: optionalText({ max: 32, invalid: 'err.issue_invalid' }), ...adminPaging });

/**
 * A period by its dates (default: today), or `last_days`: the last so many days up to the operator's
 * today (the console asks for its default period so, without waiting to learn the operator's zone).
 * At most 367 days either way.
 */
export const moneySummarySchema = z.object({
  begin_date: optionalDate('err.date_invalid'),
  end_date: optionalDate('err.date_invalid'),
  last_days: optionalInt({ min: 1, max: 367, invalid: 'err.period_days_invalid' }),
});

// --- answers ---

const int = z.number().int();
const decimal = z.string();

/** One class of a room's odds table as the console shows it (null where the class is not offered). */
export const oddsTableRowData = z.object({
  class: int,
  name: z.string(),
  kind: z.string(),
  enabled: z.boolean(),
  odds: decimal.nullable(),
  odds_special: decimal.nullable(),
  min: decimal.nullable(),
  max: decimal.nullable(),
  rtp: decimal.nullable(),
});

const roomView = z.object({
  title: z.string(),
  title_i18n: z.record(z.string(), z.string()).nullable(),
  min_limit: decimal,
  join_limit: decimal,
  enabled: z.boolean(),
  odds: z.array(oddsTableRowData),
});

export const gameConfigData = z.object({
  games: z.array(
    z.object({
      id: int,
      code: z.string(),
      enabled: z.boolean(),
      open_from: z.string().nullable(),
      open_to: z.string().nullable(),
      /** The most the house may lose on any outcome of a round; "0.00" = no cap. */
      exposure_cap: decimal,
      /** A change waiting for the next round, as stored. */
      pending: z.object({ enabled: z.boolean(), open_from: z.string().nullable(), open_to: z.string().nullable(), exposure_cap: decimal }).nullable(),
      pending_from: unixTime.nullable(),
      rooms: z.array(roomView.extend({ id: int, game_id: int, type: int, pending: roomView.nullable(), pending_from: unixTime.nullable() })),
    }),
  ),
  next_round_at: unixTime,
});

/** When a change takes effect: the start of the next round. */
export const configChangeData = z.object({ from: unixTime });

export const roundCurrentData = z.object({
  game_id: int,
  issue: z.string(),
  opens_at: unixTime,
  closes_at: unixTime,
  draws_at: unixTime,
  hash: z.string().nullable(),
  orders: int,
  players: int,
  stakes: moneyText,
  by_class: z.array(z.object({ class: int, name: z.string(), orders: int, stakes: moneyText })),
  /** For each total 0–27, the house's result if it were drawn (worst and best over its digit triples). */
  exposure: z.array(z.object({ total: int, house_worst: moneyText, house_best: moneyText })),
  /** The round's exposure cap ("0.00" = none) and its fullest reservation, the figure the cap judges (≥ the worst loss above). */
  exposure_cap: moneyText,
  exposure_reserved: moneyText,
});

export const roundListData = pageData(
  z.object({
    id: int,
    issue: z.string(),
    digits: z.array(int),
    total: int,
    draws_at: unixTime.nullable(),
    drawn_at: unixTime.nullable(),
    hash: z.string(),
    seed: z.string().nullable(),
    orders: int,
    stakes: moneyText,
    payouts: moneyText,
    house: moneyText,
  }),
);

/**
 * A day's or a period's figures. `house` is the games' result (stakes − payouts); the balance
 * adjustments (ledger type 12, passed, on the day approved) are their own figures, positive amounts
 * each — credited to players, debited from them — and count in the net after rewards, not in `house`.
 */
const moneyFigures = {
  deposits: moneyText,
  withdrawals: moneyText,
  gifts: moneyText,
  stakes: moneyText,
  payouts: moneyText,
  house: moneyText,
  adjustment_credits: moneyText,
  adjustment_debits: moneyText,
  players: int,
};
/**
 * The period's reward and commission costs, by ledger type (5 commission, 6 rakeback, 7 first-deposit
 * bonus, 8 check-in, 9 bonus released to the balance), and 10 the bonuses forfeited (what the players
 * gave back, a positive amount: it comes off the costs).
 */
const moneyCosts = {
  commission: moneyText,
  rakeback: moneyText,
  first_deposit_bonus: moneyText,
  check_in: moneyText,
  bonus_released: moneyText,
  bonus_forfeited: moneyText,
  /** 13: red-packet shares paid (docs/red-packets.md), a cost. */
  red_packets: moneyText,
};
/**
 * The house's result after what the rewards and commissions cost: house − commission − rakeback −
 * check-in − first-deposit bonus granted + bonuses forfeited − adjustment credits + adjustment debits. A
 * bonus released to the balance is not subtracted: it is the same money as its grant, moved from
 * stored funds to the withdrawable balance.
 */
const netAfterRewards = moneyText;
export const moneySummaryData = z.object({
  totals: z.object(moneyFigures),
  costs: z.object(moneyCosts),
  net_after_rewards: netAfterRewards,
  days: z.array(z.object({ day: z.string(), ...moneyFigures })),
  /** When the period holds the operator's today: today's totals, costs and net (the dashboard's today card, from the same call). */
  today: z.object({ totals: z.object(moneyFigures), costs: z.object(moneyCosts), net_after_rewards: netAfterRewards }).optional(),
});
