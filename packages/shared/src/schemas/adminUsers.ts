import { z } from 'zod';
import { protectionStatusData } from './protection.js';
import { boundPayAccountData, payAccountData } from './account.js';
import { adminPaging, decimalHundredths, optionalHundredths, pageData, reasonField } from './admin.js';
import { moneyText, unixTime } from './envelope.js';
import { enumText, idField, intField, optionalDate, optionalInt, optionalText, requiredFlag, requiredText } from './fields.js';
import { LEDGER_TYPE_MAX } from './wallet.js';

/** Largest gift one operator call may make: 1,000,000 u, in cents. */
export const MAX_GIFT_CENTS = 100_000_000;

const userId = idField('err.not_found');

/**
 * A player's status as the console lists it, the first that holds: frozen by an operator, self-excluded
 * or on a time-out (in force now), a guest (trial account), else active.
 */
export const USER_STATUSES = ['active', 'frozen', 'self_excluded', 'timeout', 'guest'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Largest balance a filter may name: 100,000,000 u, in cents. */
const BALANCE_FILTER_MAX = 10_000_000_000;
const balanceBound = optionalHundredths({ min: 0, max: BALANCE_FILTER_MAX, invalid: 'err.balance_filter_invalid', tooLarge: 'err.balance_filter_invalid' });

/**
 * userSearch: an id, or text in the username or nickname; blank lists everyone, newest first. Optional
 * filters, each narrowing the list: `status`, registration dates (`registered_from` / `registered_to`,
 * operator time zone, inclusive), `inviter_id`, the balance (money + score) between `balance_min` and
 * `balance_max` (u, inclusive), the last sign-in's dates (`signed_in_from` / `signed_in_to`), and `ip`:
 * a sign-in from that address.
 */
export const userSearchSchema = z.object({
  q: optionalText({ max: 64, invalid: 'err.bad_request' }),
  status: enumText(USER_STATUSES, 'err.user_status_invalid').optional(),
  registered_from: optionalDate('err.date_invalid'),
  registered_to: optionalDate('err.date_invalid'),
  inviter_id: optionalInt({ min: 1, invalid: 'err.inviter_invalid' }),
  balance_min: balanceBound,
  balance_max: balanceBound,
  signed_in_from: optionalDate('err.date_invalid'),
  signed_in_to: optionalDate('err.date_invalid'),
  ip: optionalText({ max: 45, invalid: 'err.ip_invalid' }),
  ...adminPaging,
});

export const userIdSchema = z.object({ id: userId });

export const userPageSchema = z.object({ id: userId, ...adminPaging });

export const userLedgerSchema = z.object({
  id: userId,
  type: optionalInt({ max: LEDGER_TYPE_MAX, invalid: 'err.ledger_type_invalid' }),
  ...adminPaging,
});

/** Reveal a bound payout account in full: 0 bank card, 1 wallet. */
export const userRevealSchema = z.object({ id: userId, type: intField({ max: 1, invalid: 'err.pay_type_invalid' }) });

export const userFreezeSchema = z.object({ id: userId, frozen: requiredFlag('err.bad_request'), reason: reasonField() });

/** A gift (ledger type 4): a positive amount in u, the balance it goes to, and why. */
export const userGiftSchema = z.object({
  id: userId,
  amount: decimalHundredths({ max: MAX_GIFT_CENTS, invalid: 'err.amount_invalid', required: 'err.amount_required', tooLarge: 'err.amount_too_large' }),
  wallet: enumText(['money', 'score'], 'err.bad_request').optional().default('money'),
  reason: reasonField(),
});

export const userResetSchema = z.object({ id: userId, reason: reasonField() });

// --- answers ---

const int = z.number().int();

export const userRowData = z.object({
  id: int,
  username: z.string(),
  nickname: z.string(),
  group_id: int,
  money: moneyText,
  score: moneyText,
  balance: moneyText,
  shiming: int,
  frozen: z.boolean(),
  created_at: unixTime.nullable(),
});
export const userSearchData = pageData(
  userRowData.extend({
    /** See USER_STATUSES. */
    status: z.enum(USER_STATUSES),
    /** The last sign-in (the newest session's start) and its address; null / '' when none is kept. */
    last_sign_in_at: unixTime.nullable(),
    last_ip: z.string(),
  }),
);

export const userDetailData = userRowData.extend({
  real_name: z.string(),
  has_idcard: z.boolean(),
  has_security_code: z.boolean(),
  inviter: z.object({ id: int, username: z.string() }).nullable(),
  invitees: pageData(z.object({ id: int, username: z.string(), created_at: unixTime.nullable() })),
  sessions: z.array(
    z.object({
      id: int,
      created_at: unixTime.nullable(),
      last_seen_at: unixTime.nullable(),
      expires_at: unixTime.nullable(),
      ip: z.string(),
      user_agent: z.string(),
      remember: z.boolean(),
    }),
  ),
  /** Masked, as the player sees them. */
  accounts: z.array(boundPayAccountData),
  /** The responsible-gambling status (time-out, self-exclusion, limits). */
  protection: protectionStatusData,
  /** Linked to the operator (staff, relatives, test accounts): never paid a red packet share. */
  operator_linked: z.boolean(),
  /** A player brought from the previous product: its id and username there, its owning agent (the tag), whether the move is open to it. */
  imported: z.object({ source_id: int, source_username: z.string(), agent: z.string(), open: z.boolean() }).nullable(),
});

export const userLedgerData = pageData(
  z.object({
    id: int,
    type: int,
    status: int,
    wallet: z.string(),
    quantity: moneyText,
    applied: z.boolean(),
    over: moneyText,
    ref_type: z.string(),
    ref_id: int.nullable(),
    memo: z.string(),
    createtime: unixTime.nullable(),
  }),
);

export const userBetsData = pageData(
  z.object({
    id: int,
    order_no: z.string(),
    game_id: int,
    game: z.string(),
    room: z.string(),
    issue: z.string(),
    play_type: int,
    play_name: z.string(),
    amount: moneyText,
    odds: z.string(),
    status: int,
    whether_hit: int.nullable(),
    payout: moneyText.nullable(),
    profit: moneyText.nullable(),
    createtime: unixTime.nullable(),
  }),
);

/** orderFind: a bet by its order number, exactly as the player's bet history shows it. */
export const orderFindSchema = z.object({ order_no: requiredText('err.order_no_required', { max: 40, invalid: 'err.order_no_invalid' }) });

/** roundBets: every bet of a round, oldest first, paged by key: `after` is the last row's `id` of the page before. */
export const roundBetsSchema = z.object({
  round_id: idField('err.round_not_found'),
  after: optionalInt({ min: 0, max: Number.MAX_SAFE_INTEGER, invalid: 'err.bad_request' }),
  limit: optionalInt({ min: 1, max: 200, invalid: 'err.bad_request' }),
});

/** One bet as the console's finders show it: the bet, its player and its round. */
export const betRowData = userBetsData.shape.list.element.extend({
  user_id: int,
  username: z.string(),
  round_id: int,
});
export const orderFindData = betRowData;
/** A page of a round's bets; `next` is the `after` of the next page, null on the last. */
export const roundBetsData = z.object({
  round: z.object({ id: int, game_id: int, issue: z.string(), total: int.nullable(), drawn_at: unixTime.nullable() }),
  list: z.array(betRowData),
  next: int.nullable(),
});

/** A payout account in full (audited reveal): the fields a player sees of it, unmasked. */
export const revealedAccountData = payAccountData;
export const userFreezeData = z.object({ id: int, frozen: z.boolean() });
export const userGiftData = z.object({ ledger_id: int, balance: moneyText });
/** The one-time password, shown once. */
export const userResetPasswordData = z.object({ password: z.string() });
