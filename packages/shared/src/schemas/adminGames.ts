import { z } from 'zod';
import { parseMoney } from '../money.js';
import { booleanField, idField, intField, localizedText, pageFields } from './adminCommon.js';

/** Largest stake limit or entry balance an operator may set: 10,000,000 u, in cents. */
export const MAX_LIMIT_CENTS = 1_000_000_000;
/** Largest odds an operator may set: 10,000x, in hundredths. */
export const MAX_ODDS_HUNDREDTHS = 1_000_000;

/** "HH:MM" (00:00–23:59) or blank for "always open". */
const hourField = () =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string({ error: 'err.hours_invalid' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'err.hours_invalid').nullable(),
  );

/** A decimal amount with at most two places ("2.00", 10) as integer hundredths, in (0, max]. */
const hundredths = (max: number, invalid: string) =>
  z.union([z.string().max(16, invalid), z.number()], { error: invalid }).transform((v, ctx) => {
    const n = parseMoney(v);
    if (n === null || n <= 0 || n > max) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return n;
  });

export const gameIdSchema = z.object({ game_id: intField(1, 32_767, 'err.game_not_found') });

export const gameUpdateSchema = z
  .object({
    id: intField(1, 32_767, 'err.game_not_found'),
    enabled: booleanField(),
    open_from: hourField(),
    open_to: hourField(),
  })
  .refine((v) => (v.open_from === null) === (v.open_to === null), { message: 'err.hours_invalid', path: ['open_to'] });

export const oddsRowSchema = z.object({
  class: intField(1, 127, 'err.bet_class_invalid'),
  odds: hundredths(MAX_ODDS_HUNDREDTHS, 'err.odds_invalid'),
  odds_special: z.preprocess((v) => (v === '' || v === undefined ? null : v), hundredths(MAX_ODDS_HUNDREDTHS, 'err.odds_invalid').nullable()),
  min: hundredths(MAX_LIMIT_CENTS, 'err.limit_invalid'),
  max: hundredths(MAX_LIMIT_CENTS, 'err.limit_invalid'),
  enabled: booleanField(),
});

/** A room's whole configuration as the console edits it; it takes effect from the next round. */
export const roomUpdateSchema = z.object({
  id: idField('err.room_not_found'),
  title: localizedText(40, 'err.title_required'),
  min_limit: hundredths(MAX_LIMIT_CENTS, 'err.limit_invalid'),
  join_limit: z.union([z.literal('0'), z.literal(0)]).transform(() => 0).or(hundredths(MAX_LIMIT_CENTS, 'err.limit_invalid')),
  enabled: booleanField(),
  odds: z.array(oddsRowSchema, { error: 'err.odds_invalid' }).min(1, 'err.odds_invalid').max(64, 'err.odds_invalid'),
});

export const roundListSchema = z.object({ game_id: intField(1, 32_767, 'err.game_not_found'), ...pageFields });

/** The money dashboard's period ("YYYY-MM-DD" in the operator's time zone; both default to today), at most 366 days. */
export const moneySummarySchema = z.object({
  begin_date: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'err.date_invalid').optional()),
  end_date: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'err.date_invalid').optional()),
});
