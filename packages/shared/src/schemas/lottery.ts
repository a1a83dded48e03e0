import { z } from 'zod';
import { BET_CLASS_IDS } from '../game/betClasses.js';
import { ISSUE_NUMBER_RE } from '../game/issue.js';
import { parseMoney } from '../money.js';
import { moneyText, unixTime } from './envelope.js';
import { enumText, idField, intField, intListField, optionalInt, optionalText, requiredFlag, requiredText } from './fields.js';
import { RUN_CLASS_IDS } from '../game/drawStatistics.js';
import { historyListSchema } from './wallet.js';

/** Largest value of a PostgreSQL `smallint` column (game ids). */
export const SMALLINT_MAX = 32_767;
/** A bet carries each class once at most: never more classes than exist. */
export const MAX_CLASSES_PER_BET = BET_CLASS_IDS.length;
const MAX_CLASS_ID = Math.max(...BET_CLASS_IDS);

const gameId = (invalid: string) => intField({ min: 1, max: SMALLINT_MAX, invalid });
/** 0 or missing: none given. */
const optionalGameId = (invalid: string) => optionalInt({ max: SMALLINT_MAX, invalid });
const optionalRoomId = (invalid: string) => optionalInt({ invalid });

/** Lottery/index: all games, or one with `game_id`. */
export const hallSchema = z.object({ game_id: optionalGameId('err.game_not_found') });

/** Lottery/heart: the home cards (nothing), a game (`game_id`) or a room (`plan_id`). */
export const heartSchema = z.object({
  plan_id: optionalRoomId('err.room_not_found'),
  game_id: optionalGameId('err.game_not_found'),
});

/** Lottery/stream (GET, Server-Sent Events): the home cards (nothing), a game or a room, as Lottery/heart. */
export const streamSchema = heartSchema;

/** Lottery/oddsList. */
export const oddsListSchema = z.object({ plan_id: idField('err.room_not_found') });

/** A stake, u ("10", "10.5") → cents; 0, negative or malformed is `err.bet_amount_invalid`. */
const stakeField = () =>
  requiredText('err.bet_amount_invalid', { max: 20, invalid: 'err.bet_amount_invalid' }).transform((v, ctx) => {
    const cents = parseMoney(v);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'err.bet_amount_invalid' });
      return z.NEVER;
    }
    return cents;
  });

/** Where a bet was placed from: `chat` — a confirmed chat message, which the room's chat then shows (docs/chat.md). */
export const BET_SOURCES = ['panel', 'chat'] as const;
export type BetSource = (typeof BET_SOURCES)[number];

/** One bet of the list form: a class and its own stake. */
const listedBetSchema = z.object({
  play_type: intField({ max: MAX_CLASS_ID, invalid: 'err.bet_class_invalid' }),
  money: stakeField(),
});

/**
 * Lottery/playOrder, checked in this order with a message each: the room, the classes (each class
 * once — a repeated one is refused, not merged —, the list bounded before it is read), the stake per
 * class, the round. Two forms: `play_type` (one or several classes) at one `money` each (the spec's),
 * or `bets` (JSON only), a list of `{ play_type, money }`, each class once with its own stake — never
 * both. Either way the slip is accepted or refused as a whole.
 */
export const playOrderSchema = z
  .object({
    plan_id: idField('err.room_not_found'),
    /** Optional; when given it must be the room's game. */
    game_id: optionalGameId('err.room_not_found'),
    play_type: intListField({ maxItems: MAX_CLASSES_PER_BET, maxItem: MAX_CLASS_ID, invalid: 'err.bet_class_invalid', repeated: 'err.bet_class_repeated' }),
    /** Stake per class, u ("10", "10.5"). */
    money: stakeField().optional(),
    /** The list form: at most one bet per class. */
    bets: z
      .array(listedBetSchema, { error: 'err.bet_class_invalid' })
      .max(MAX_CLASSES_PER_BET, 'err.bet_class_invalid')
      .refine((list) => new Set(list.map((b) => b.play_type)).size === list.length, 'err.bet_class_repeated')
      .optional(),
    issue: requiredText('err.issue_not_current', { max: 20, invalid: 'err.issue_not_current' }),
    /** Optional, default `panel`. */
    source: enumText(BET_SOURCES, 'err.bet_source_invalid').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.bets) {
      if (v.play_type.length > 0 || v.money !== undefined) ctx.addIssue({ code: 'custom', message: 'err.bet_forms_both', path: ['bets'] });
      else if (v.bets.length === 0) ctx.addIssue({ code: 'custom', message: 'err.bet_select', path: ['bets'] });
    } else if (v.play_type.length === 0) ctx.addIssue({ code: 'custom', message: 'err.bet_select', path: ['play_type'] });
    else if (v.money === undefined) ctx.addIssue({ code: 'custom', message: 'err.bet_amount_invalid', path: ['money'] });
  });

/** The slip a playOrder input asks for, whichever form: each class with its stake (cents), in the order given. */
export function slipOf(input: z.output<typeof playOrderSchema>): { playType: number; amount: number }[] {
  if (input.bets) return input.bets.map((b) => ({ playType: b.play_type, amount: b.money }));
  return input.play_type.map((playType) => ({ playType, amount: input.money! }));
}

/** The optional `Idempotency-Key` header of money calls: 8–100 letters, digits and . _ : - (a UUID in practice). */
export const IDEMPOTENCY_KEY_RE = /^[\w.:-]{8,100}$/;
export const idempotencyHeaders = z
  .object({
    'idempotency-key': z.string({ error: 'err.idempotency_key_invalid' }).regex(IDEMPOTENCY_KEY_RE, 'err.idempotency_key_invalid').optional(),
  })
  .loose();

/** Lottery/issueList and Lottery/cand: a game and how many draws (clamped to 1–200). */
export const drawListSchema = z.object({
  game_id: gameId('err.game_not_found'),
  limit: optionalInt({ max: 9_999, invalid: 'err.bad_request' }),
});

/** Lottery/statistics: a game. */
export const drawStatisticsSchema = z.object({ game_id: gameId('err.game_not_found') });

/** Streak alerts: a run of at least 3 and at most 50 draws, 6 when the player names none (docs/statistics.md#streak-alerts). */
export const STREAK_ALERT_RUN = { min: 3, max: 50, default: 6 } as const;

/** Lottery/setStreakAlert: turns one alert on (with its run) or off. */
export const streakAlertSchema = z.object({
  game_id: gameId('err.game_not_found'),
  class: intField({ min: 1, max: MAX_CLASS_ID, invalid: 'err.streak_class_invalid' }).refine((id) => RUN_CLASS_IDS.includes(id), 'err.streak_class_invalid'),
  run: optionalInt({ min: STREAK_ALERT_RUN.min, max: STREAK_ALERT_RUN.max, invalid: 'err.streak_run_invalid' }),
  on: requiredFlag('err.bad_request'),
});

/**
 * user/orderList: a date range, or with `issue` the bets of that round (whatever the dates; how the
 * room shows the player's own result once the round settles).
 */
export const orderListSchema = historyListSchema.extend({
  issue: optionalText({ max: 20, invalid: 'err.round_not_found' }).pipe(z.string().regex(ISSUE_NUMBER_RE, 'err.round_not_found').optional()),
});

/** user/orderDetail: one of the caller's own bets by its order number. */
export const orderDetailSchema = z.object({
  order_no: requiredText('err.order_not_found', { max: 40, invalid: 'err.order_not_found' }),
});

/** fair/round: a round by its game and issue number. */
export const fairRoundSchema = z.object({
  game_id: gameId('err.round_not_found'),
  issue: requiredText('err.round_not_found', { max: 20, invalid: 'err.round_not_found' }).pipe(z.string().regex(ISSUE_NUMBER_RE, 'err.round_not_found')),
});

/** The most rows one `fair.acceptedBets` page answers. */
export const ACCEPTED_BETS_PAGE_MAX = 500;

/** fair/acceptedBets: a page (from 1) of a room's accepted-bets list of a round (docs/design.md#the-accepted-bets-list). */
export const fairAcceptedBetsSchema = z.object({
  plan_id: idField('err.room_not_found'),
  issue: requiredText('err.round_not_found', { max: 20, invalid: 'err.round_not_found' }).pipe(z.string().regex(ISSUE_NUMBER_RE, 'err.round_not_found')),
  page: optionalInt({ min: 1, max: 100_000, invalid: 'err.accepted_bets_page_invalid' }),
  limit: optionalInt({ min: 1, max: ACCEPTED_BETS_PAGE_MAX, invalid: 'err.accepted_bets_limit_invalid' }),
});

/** fair/chain: a game's hash chains. */
export const fairChainSchema = z.object({ game_id: gameId('err.game_not_found') });

// --- answers ---

const int = z.number().int();

/** Lottery/index: the games with their rooms ("plans") and the round timing the rules pages state. */
export const hallData = z.object({
  gameList: z.array(
    z.object({
      id: int,
      name: z.string(),
      tab_index: int,
      game_status: int,
      open_from: z.string().nullable(),
      open_to: z.string().nullable(),
      planList: z.array(
        z.object({
          id: int,
          game_id: int,
          type: int,
          title: z.string(),
          min_limit: moneyText,
          join_limit: moneyText,
          /** The real number of players present in the room (no robots). */
          robot_num: int,
        }),
      ),
    }),
  ),
  round_seconds: int,
  close_before_seconds: int,
  time_zone: z.string(),
});

const lastIssueData = z.object({ issue: z.string(), site_1: int, site_2: int, site_3: int, code: int }).nullable();
const roundTimingData = z.object({
  issue: z.string(),
  whether_close: z.boolean(),
  openTime: int,
  openTime1: int,
  closeTime: int,
});
const hitNoticeData = z.array(z.object({ nickname: z.string(), game_id: int, game_name: z.string(), profit: moneyText }));

/** A bet in a room's feed: real, nickname masked; `after_quantity` only on the caller's own. */
export const feedEntryData = z.object({
  nickname: z.string(),
  issue: z.string(),
  play_type: int,
  play_method: z.string(),
  quantity: moneyText,
  after_quantity: moneyText.nullable(),
  mine: z.boolean(),
  createtime: unixTime,
});

/** Lottery/heart without parameters: every game's current round (the home cards) and recent wins. */
export const homeHeartData = z.object({
  games: z.array(
    roundTimingData.extend({
      game_id: int,
      name: z.string(),
      game_status: int,
      order_count: int,
      last_issue: lastIssueData,
    }),
  ),
  hit_notice: hitNoticeData,
});

/** Lottery/heart with `game_id`: the game's current round. */
export const gameHeartData = z.object({
  game_id: int,
  last_issue: lastIssueData,
  issue: roundTimingData,
  game_status: int,
  order_count: int,
  hit_notice: hitNoticeData,
});

/** Lottery/heart with `plan_id`: the game's round plus the room, its feed and the caller's balance (null for a guest view). */
export const roomHeartData = gameHeartData.extend({
  plan_id: int,
  /** The real number of players present in the room (no robots). */
  robot_num: int,
  user_quantity: moneyText.nullable(),
  message: z.array(feedEntryData),
});

/** Lottery/heart: the home cards (no parameters), or a room, or a game. */
export const heartData = z.union([homeHeartData, roomHeartData, gameHeartData]);

const oddsRowData = z.object({
  class: int,
  class_name: z.string(),
  odds: z.string(),
  odds_special: z.string().nullable(),
  min: moneyText,
  max: moneyText,
  /** Return to player of this class with the room's odds, percent. */
  rtp: z.string(),
});
export const oddsListData = z.object({ plan_id: int, game_id: int, rule_base: z.array(oddsRowData), rule_num: z.array(oddsRowData) });

/** Lottery/playOrder: the bet's feed entry with the balance after, and each order placed. */
export const betEntryData = z.object({
  nickname: z.string(),
  issue: z.string(),
  game_id: int,
  plan_id: int,
  play_type: z.string(),
  play_method: z.string(),
  quantity: moneyText,
  after_quantity: moneyText,
  createtime: unixTime,
  orders: z.array(z.object({ order_no: z.string(), play_type: int, play_method: z.string(), quantity: moneyText, odds: z.string() })),
});

/** Lottery/issueList: drawn rounds, newest first, with their trend tags. */
export const issueListData = z.array(
  z.object({
    id: int,
    game_id: int,
    issue: z.string(),
    site_1: int,
    site_2: int,
    site_3: int,
    code: int,
    base: z.array(z.string()),
    join: z.string(),
    trend: z.object({ size: int, parity: int, combo: int, extreme: int.nullable() }),
    numbers: z.array(int),
    opentime: unixTime,
  }),
);

/**
 * Lottery/statistics: missing counts per class (the exact totals 0–27 are classes 100–127, `total` set)
 * and the current runs of size, parity, the combinations and the extremes, over the game's own drawn
 * rounds (docs/statistics.md). The envelope's `msg` is the independence statement in the caller's language.
 */
export const drawStatisticsData = z.object({
  game_id: int,
  /** Draws counted. */
  draws: int,
  missing: z.array(
    z.object({
      class: int,
      name: z.string(),
      /** The exact total for classes 100–127, otherwise null. */
      total: int.nullable(),
      /** The issue of the last draw it came in; null = not in any draw counted. */
      last_issue: z.string().nullable(),
      /** Draws since it last came. */
      current: int,
      /** The most draws in a row without it, the current absence included. */
      longest: int,
    }),
  ),
  /** How many of the latest draws in a row each class came in (0: not in the latest). */
  runs: z.array(z.object({ class: int, name: z.string(), length: int })),
});

/** Lottery/streakAlerts and Lottery/setStreakAlert: the caller's alerts, every game. */
export const streakAlertsData = z.array(z.object({ game_id: int, class: int, name: z.string(), run: int }));

/** Lottery/cand: candles over real draws, oldest first: [open, close, low, high]. */
export const candData = z.array(z.object({ issue: z.string(), cand: z.array(int).length(4), cand_code: int }));

/** user/orderList: the caller's own bets (the bet order of docs/product.md#entities-and-their-fields). */
export const orderListData = z.array(
  z.object({
    id: int,
    orderNo: z.string(),
    order_no: z.string(),
    game_id: int,
    name: z.string(),
    plan_id: int,
    plan_name: z.string(),
    issue: z.string(),
    play_type: int,
    play_method: z.string(),
    quantity: moneyText,
    odds: z.string(),
    /** Odds paid instead on a total of 13 or 14 (docs/design.md#the-odds-table); null when the class has none. */
    odds_special: z.string().nullable(),
    /** The odds the payout was computed with, once settled and paid; null otherwise. */
    applied_odds: z.string().nullable(),
    status: int,
    whether_hit: int.nullable(),
    profit: moneyText.nullable(),
    payout: moneyText.nullable(),
    lottery_code: z.string(),
    createtime: unixTime,
    /** A bet on the previous product, from before the move (docs/import.md): its round was drawn by that system and cannot be verified. */
    legacy: z.boolean(),
  }),
);

/** user/orderDetail: one bet, the same fields as a row of user/orderList. */
export const orderDetailData = orderListData.element;

/** fair/round: the commitment before the draw; the seed and the result after it. */
export const fairRoundData = z.object({
  game_id: int,
  issue: z.string(),
  opens_at: unixTime,
  closes_at: unixTime,
  draws_at: unixTime,
  drawn: z.boolean(),
  seed: z.string().nullable(),
  hash: z.string(),
  prev_hash: z.string().nullable(),
  numbers: z.array(int).nullable(),
  digits: z.array(int).nullable(),
  total: int.nullable(),
  chain: z.object({ id: int, index: int, length: int, terminal_hash: z.string() }),
  algorithm: z.string(),
});

const chainData = z.object({ id: int, terminal_hash: z.string(), length: int, used: int, created_at: unixTime });
/** fair/chain: the game's hash chains and the one in use. */
export const fairChainData = z.object({
  game_id: int,
  chain_id: int.nullable(),
  terminal_hash: z.string().nullable(),
  chains: z.array(chainData),
});

/**
 * fair/acceptedBets: the list's `count` and `hash` as stored when it was built (null, with no rows,
 * while betting is open or the list is not built yet) and one page of its rows in the list's order —
 * hashed in that order, page after page, they give `hash` (packages/shared/src/game/acceptedBets.ts).
 */
export const fairAcceptedBetsData = z.object({
  game_id: int,
  plan_id: int,
  issue: z.string(),
  built: z.boolean(),
  count: int.nullable(),
  hash: z.string().nullable(),
  page: int,
  limit: int,
  rows: z.array(z.object({ order_no: z.string(), nickname: z.string(), class: int, amount: moneyText })),
});
