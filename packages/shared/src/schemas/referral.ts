/**
 * The referral programme's calls (issue 24): the player's team page and the console's settings, tree,
 * daily report and held queue. Rates travel as percentages with two decimals ("25.00" = 2,500 basis
 * points of the house edge); money as decimal strings.
 */
import { z } from 'zod';
import { adminPaging, decimalHundredths, reasonField } from './admin.js';
import { moneyText, unixTime } from './envelope.js';
import { enumText, idField, intField, optionalDate, requiredFlag } from './fields.js';

/** Highest rate an operator may set per level: half the house edge. */
export const REFERRAL_RATE_MAX_BP = 5_000;
/** Highest minimum payout: 10,000 u. */
export const REFERRAL_MIN_PAYOUT_MAX = 1_000_000;

const rate = () => decimalHundredths({ min: 0, max: REFERRAL_RATE_MAX_BP, invalid: 'err.referral_rate_invalid', required: 'err.referral_rate_invalid' });

/** The programme's settings as the console edits them (they apply from the next operator-day). */
export const referralSettingsUpdateSchema = z.object({
  enabled: requiredFlag('err.bad_request'),
  rate1: rate(),
  rate2: rate(),
  level2: requiredFlag('err.bad_request'),
  min_payout: decimalHundredths({
    min: 1,
    max: REFERRAL_MIN_PAYOUT_MAX,
    invalid: 'err.referral_min_payout_invalid',
    required: 'err.referral_min_payout_invalid',
  }),
});

/** Commission row statuses: 0 pending (below the minimum payout, carried), 1 paid, 2 held, 3 voided. */
export const COMMISSION_STATUSES = [0, 1, 2, 3] as const;

const settings = z.object({
  enabled: z.boolean(),
  /** Percent of the house edge, two decimals. */
  rate1: z.string(),
  rate2: z.string(),
  level2: z.boolean(),
  min_payout: moneyText,
});

// --- the player's team page ---

export const referralTeamData = z.object({
  /** The invite link's code: the caller's id. */
  inviter_id: z.number().int(),
  settings,
  /** Paid in all; held for review or while the account may not be paid; computed but below the minimum payout. */
  totals: z.object({ paid: moneyText, held: moneyText, pending: moneyText }),
  counts: z.object({ level1: z.number().int(), level2: z.number().int() }),
  /** Newest first, at most 200: masked names, when they joined, whether they played this week. Never their stakes, wins or balance. */
  invitees: z.array(z.object({ level: z.number().int(), name: z.string(), joined: unixTime, active_week: z.boolean() })),
  /** The last 60 computed days, newest first: the stakes it came from in total, their house edge, the commission and where it stands. */
  days: z.array(
    z.object({
      day: z.string(),
      orders: z.number().int(),
      stakes: moneyText,
      edge: moneyText,
      commission: moneyText,
      status: z.number().int(),
      held: z.boolean(),
    }),
  ),
});

// --- the console ---

export const referralSettingsData = z.object({
  /** Today's operator-day and the settings it is computed with. */
  today: z.string(),
  current: settings,
  /** The day a change made now applies from, and the change already waiting for it (null: none). */
  from: z.string(),
  next: settings.nullable(),
});

export const referralTreeSchema = z.object({ id: idField('err.not_found') });

const treeMember = z.object({
  id: z.number().int(),
  username: z.string(),
  created_at: unixTime,
  /** Shares the inviter's IP or device ('ip', 'device', 'ip_device'); null: not flagged. */
  flag: z.string().nullable(),
  invitees: z.number().int(),
});

export const referralTreeData = z.object({
  player: z.object({ id: z.number().int(), username: z.string(), inviter: z.object({ id: z.number().int(), username: z.string() }).nullable() }),
  /** At most 500 per level, newest first; the counts are whole. */
  level1: z.array(treeMember),
  level2: z.array(treeMember.extend({ via: z.number().int() })),
  counts: z.object({ level1: z.number().int(), level2: z.number().int() }),
  earned: z.object({ paid: moneyText, held: moneyText, pending: moneyText, voided: moneyText }),
});

export const referralReportSchema = z.object({ begin_date: optionalDate('err.date_invalid'), end_date: optionalDate('err.date_invalid'), ...adminPaging });

const reportRow = z.object({
  id: z.number().int(),
  day: z.string(),
  referrer_id: z.number().int(),
  username: z.string(),
  /** 0 normal, 1 from flagged invitees. */
  pot: z.number().int(),
  orders: z.number().int(),
  stakes: moneyText,
  /** The house edge of those stakes (the base). */
  edge: moneyText,
  amount: moneyText,
  status: z.number().int(),
  hold_reason: z.string().nullable(),
});

export const referralReportData = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      referrers: z.number().int(),
      stakes: moneyText,
      edge: moneyText,
      paid: moneyText,
      held: moneyText,
      pending: moneyText,
      voided: moneyText,
    }),
  ),
  total: z.number().int(),
  list: z.array(reportRow),
});

export const referralHeldData = z.object({
  held: z.array(reportRow),
  /** Invitees flagged at registration with their referrer, newest first (at most 200). */
  flagged: z.array(
    z.object({
      invitee_id: z.number().int(),
      invitee: z.string(),
      referrer_id: z.number().int(),
      referrer: z.string(),
      flag: z.string(),
      created_at: unixTime,
    }),
  ),
});

/** Release (pay now) or void a held commission row, with the reason. */
export const referralDecideSchema = z.object({
  id: intField({ min: 1, max: Number.MAX_SAFE_INTEGER, invalid: 'err.not_found' }),
  action: enumText(['release', 'void'], 'err.bad_request'),
  reason: reasonField(),
});

export const referralDecideData = z.object({ id: z.number().int(), status: z.number().int(), amount: moneyText });
