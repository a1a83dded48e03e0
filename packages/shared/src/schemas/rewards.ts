import { z } from 'zod';
import { parseMoney } from '../money.js';
import { moneyText, unixTime } from './envelope.js';
import { idField, intField, optionalInt, optionalText, requiredFlag, requiredText } from './fields.js';
import { siteAddressOrigin } from '../siteAddress.js';

/**
 * Rewards (issue 25): campaigns of three kinds with one model. The terms of each kind are stored as
 * JSON and checked here, by the console's create and edit calls and by the server when it reads them.
 * Amounts are integer cents; rates are basis points (1/100 of a per cent).
 */

export const CAMPAIGN_KINDS = ['rakeback', 'first_deposit', 'check_in'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** Days a day's rakeback may be claimed after the day it accrued on (then it lapses). */
export const RAKEBACK_CLAIM_DAYS = 7;
/** Days of a check-in streak; the eighth day starts again at day 1. */
export const CHECK_IN_DAYS = 7;
/** Days of stakes a rakeback tier is judged on. */
export const RAKEBACK_TIER_DAYS = 30;
/**
 * Rakeback's top tier, referral level 1 and level 2 together stay below this share of the house edge (basis
 * points: 100 %), so rewards and commissions on a stake never reach what it is expected to lose. The console
 * refuses a rate that would reach it; so does the database (migration 0015), whichever of the two changed.
 */
export const REWARD_EDGE_SHARE_LIMIT_BP = 10_000;
/** Largest single reward amount, cents (1,000,000.00). */
export const REWARD_AMOUNT_MAX = 100_000_000;

const invalid = 'err.campaign_terms_invalid';
const cents = (min = 0) => intField({ min, max: REWARD_AMOUNT_MAX, invalid });
const tierName = requiredText(invalid, { max: 40, invalid });

export const rakebackTerms = z.object({
  /**
   * Tiers by the player's money at risk over the last RAKEBACK_TIER_DAYS days (settled stakes, per round less the
   * smallest payout over every triple: game/moneyAtRisk.ts): the highest whose `min_stake` is reached applies.
   */
  tiers: z
    .array(
      z.object({
        name: z.object({ zh: tierName, tw: tierName, en: tierName, vi: tierName }, { error: invalid }),
        min_stake: cents(),
        /** Share of the house edge paid back, basis points (100 = 1 %). */
        rate_bp: intField({ min: 1, max: 10_000, invalid }),
      }),
      { error: invalid },
    )
    .min(1, invalid)
    .max(5, invalid),
});
export const firstDepositTerms = z.object({
  /** Bonus as a per cent of the first approved deposit. */
  percent: intField({ min: 1, max: 500, invalid }),
  /** Largest bonus, cents. */
  cap: cents(1),
  /** Money at risk (game/moneyAtRisk.ts) required before the bonus moves to the balance: bonus × this. */
  wager_multiple: intField({ min: 0, max: 100, invalid }),
});
export const checkInTerms = z.object({
  /** The reward of day 1 … 7 of a streak, cents. */
  rewards: z.array(cents(), { error: invalid }).length(CHECK_IN_DAYS, invalid),
});

export type RakebackTerms = z.output<typeof rakebackTerms>;
export type FirstDepositTerms = z.output<typeof firstDepositTerms>;
export type CheckInTerms = z.output<typeof checkInTerms>;
export type CampaignTerms = RakebackTerms | FirstDepositTerms | CheckInTerms;

export const TERMS_SCHEMAS = { rakeback: rakebackTerms, first_deposit: firstDepositTerms, check_in: checkInTerms } as const;

/** A kind's terms checked (the console's input or a stored row), or null when they do not fit the kind. */
export function readCampaignTerms(kind: CampaignKind, terms: unknown): CampaignTerms | null {
  const parsed = TERMS_SCHEMAS[kind].safeParse(terms);
  if (!parsed.success) return null;
  if (kind === 'rakeback') {
    // Tiers ascending by their threshold, none twice.
    const tiers = [...(parsed.data as RakebackTerms).tiers].sort((a, b) => a.min_stake - b.min_stake);
    if (new Set(tiers.map((t) => t.min_stake)).size !== tiers.length) return null;
    return { tiers };
  }
  return parsed.data;
}

const titleText = requiredText('err.campaign_title_required', { max: 60, invalid: 'err.campaign_title_required' });
const termsText = requiredText('err.campaign_terms_text_required', { max: 1000, invalid: 'err.campaign_terms_text_required', multiline: true });

/** admin/campaignSave: a new campaign (no id) or a change to one (changes apply to new claims). */
export const campaignSaveSchema = z
  .object({
    id: optionalInt({ min: 1, invalid: 'err.campaign_not_found' }),
    kind: z.enum(CAMPAIGN_KINDS, { error: 'err.campaign_kind_invalid' }),
    title: z.object({ zh: titleText, tw: titleText, en: titleText, vi: titleText }, { error: 'err.campaign_title_required' }),
    terms_text: z.object({ zh: termsText, tw: termsText, en: termsText, vi: termsText }, { error: 'err.campaign_terms_text_required' }),
    terms: z.unknown(),
    /** A picture of this site (../siteAddress.ts); the server also checks an http(s) address is at one of its lines. */
    banner: optionalText({ max: 300, invalid: 'err.campaign_banner_invalid' }).pipe(
      z
        .string()
        .refine((v) => siteAddressOrigin(v) !== null, 'err.campaign_banner_invalid')
        .optional(),
    ),
    /** Unix seconds. */
    starts_at: intField({ min: 0, invalid: 'err.campaign_date_invalid' }),
    /** Unix seconds; missing or null: open-ended. */
    ends_at: optionalInt({ min: 0, invalid: 'err.campaign_date_invalid' }),
    enabled: requiredFlag('err.bad_request'),
  })
  .transform((v, ctx) => {
    const terms = readCampaignTerms(v.kind, v.terms);
    if (!terms) {
      ctx.addIssue({ code: 'custom', message: invalid, path: ['terms'] });
      return z.NEVER;
    }
    if (v.ends_at !== undefined && v.ends_at <= v.starts_at) {
      ctx.addIssue({ code: 'custom', message: 'err.campaign_dates_invalid', path: ['ends_at'] });
      return z.NEVER;
    }
    return { ...v, terms };
  });

export const campaignIdSchema = z.object({ id: idField('err.campaign_not_found') });
export const rewardClaimSchema = z.object({ campaign_id: idField('err.campaign_not_found') });
export const promotionsOptOutSchema = z.object({ opt_out: requiredFlag('err.bad_request') });

/**
 * rewards/forfeit: the bonus's campaign and the amount the player was shown and confirmed — what the
 * forfeit takes ("0.00" when nothing is left and nothing was won). The server forfeits only that: when
 * it has changed since (a bet settled), the forfeit is refused with the new amount.
 */
export const bonusForfeitSchema = z.object({
  campaign_id: idField('err.campaign_not_found'),
  amount: requiredText('err.bonus_forfeit_amount_required', { max: 20, invalid: 'err.amount_invalid' }).transform((v, ctx) => {
    const cents = parseMoney(v);
    if (cents !== null) return cents;
    ctx.addIssue({ code: 'custom', message: 'err.amount_invalid' });
    return z.NEVER;
  }),
});

// --- answers ---

/** Why a first-deposit bonus is over without being released (state expired), beyond its campaign's dates. */
export const BONUS_EXPIRED_REASONS = ['withdrawal', 'forfeited'] as const;
export const REWARD_STATES = ['waiting', 'available', 'in_progress', 'claimed', 'expired'] as const;
export type RewardState = (typeof REWARD_STATES)[number];

export const RAKEBACK_DAY_STATES = ['accruing', 'available', 'claimed', 'expired'] as const;
/** A day's rakeback: accruing (today), available (claimable until `lapses_on`, inclusive), claimed or expired (lapsed). */
const rakebackDay = z.object({ day: z.string(), amount: moneyText, state: z.enum(RAKEBACK_DAY_STATES), lapses_on: z.string() });

/** One campaign as a player sees it: its words in the player's language, its state and its kind's progress. */
export const rewardCardData = z.object({
  id: z.number().int(),
  kind: z.enum(CAMPAIGN_KINDS),
  title: z.string(),
  terms_text: z.string(),
  banner: z.string(),
  ends_at: unixTime.nullable(),
  state: z.enum(REWARD_STATES),
  /** What a claim pays now (0.00 when nothing). */
  claimable: moneyText,
  rakeback: z
    .object({
      tiers: z.array(z.object({ name: z.string(), min_stake: moneyText, rate_bp: z.number().int() })),
      /** Index of the player's tier in `tiers`, or null below the first. */
      tier: z.number().int().nullable(),
      stakes_30d: moneyText,
      /** Today's accrual so far (claimable from tomorrow). */
      today: moneyText,
      days: z.array(rakebackDay),
    })
    .nullable(),
  bonus: z
    .object({
      percent: z.number().int(),
      cap: moneyText,
      /** The campaign's multiple; once granted, the grant's (an edit of the campaign applies to new grants only). */
      wager_multiple: z.number().int(),
      /** Null until the bonus is granted. */
      amount: moneyText.nullable(),
      staked: moneyText,
      required: moneyText,
      released: moneyText.nullable(),
      /**
       * Why the bonus is over (state expired), or null: 'withdrawal' — not granted, a withdrawal (pending or
       * approved) was made after the first deposit; 'forfeited' — granted, then given up by the player.
       */
      expired_reason: z.enum(BONUS_EXPIRED_REASONS).nullable(),
      /** What the player gave up when they forfeited it (stored funds and winnings together), or null. */
      forfeited: moneyText.nullable(),
      /**
       * While a granted bonus is being wagered: what forfeiting it would take now — `left`, what is left of
       * it in stored funds, and `won`, what bets paid with it won, taken from the balance (as far as it
       * holds) — `total` being what rewards/forfeit confirms; `open_bets` when a bet paid with the bonus
       * awaits its draw (forfeiting waits for it). Null when there is nothing to forfeit.
       */
      forfeit: z.object({ left: moneyText, won: moneyText, total: moneyText, open_bets: z.boolean() }).nullable(),
    })
    .nullable(),
  check_in: z
    .object({
      rewards: z.array(moneyText),
      /** Days of the current streak already checked in (0–7), counting today when done. */
      streak: z.number().int(),
      today_done: z.boolean(),
      /** The day of the streak the next check-in is (1–7). */
      next_day: z.number().int(),
    })
    .nullable(),
});
/** The player's campaigns; none while opted out or while a stake or loss limit is reached (`limit_resets` says until when). */
export const rewardListData = z.object({ opt_out: z.boolean(), limit_resets: z.string().nullable(), list: z.array(rewardCardData) });
export const rewardClaimData = z.object({ card: rewardCardData, paid: moneyText, over: moneyText });
export const promotionsOptOutData = z.object({ opt_out: z.boolean() });
/** A forfeit: its record's id, the card after it (state expired, reason forfeited), what it took, and the balance (money + score) after. */
export const bonusForfeitData = z.object({ id: z.number().int(), card: rewardCardData, forfeited: moneyText, over: moneyText });

/** A campaign as the console sees it. */
export const adminCampaignData = z.object({
  id: z.number().int(),
  kind: z.enum(CAMPAIGN_KINDS),
  title: z.object({ zh: z.string(), tw: z.string(), en: z.string(), vi: z.string() }),
  terms_text: z.object({ zh: z.string(), tw: z.string(), en: z.string(), vi: z.string() }),
  terms: z.record(z.string(), z.unknown()),
  banner: z.string(),
  starts_at: unixTime,
  ends_at: unixTime.nullable(),
  enabled: z.boolean(),
  live: z.boolean(),
  claims: z.number().int(),
  paid: moneyText,
});
export const adminCampaignListData = z.array(adminCampaignData);
export const campaignStatsData = z.object({
  id: z.number().int(),
  claims: z.number().int(),
  paid: moneyText,
  players: z.number().int(),
  /** Paid per operator-day, oldest first. */
  days: z.array(z.object({ day: z.string(), claims: z.number().int(), paid: moneyText })),
});
