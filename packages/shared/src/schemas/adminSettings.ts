import { z } from 'zod';
import { decimalHundredths, optionalHundredths } from './admin.js';
import { optionalText } from './fields.js';
import { adjustApprovalAboveField } from './adminAdjustments.js';
import { isCurrencyCode, MAX_REQUEST_CENTS, parseRate } from '../wallet.js';

/** Optional single-line text stored as '' when blank. */
const setting = (max: number) => optionalText({ max, invalid: 'err.text_invalid' }).transform((v) => v ?? '');

const isWebUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** A rate of 1 u in another currency: blank (not stated) → null, else at most six decimals above 0 → millionths. */
const rate = () =>
  optionalText({ max: 16, invalid: 'err.rate_invalid' }).transform((v, ctx) => {
    if (v === undefined) return null;
    const millionths = parseRate(v);
    if (millionths === null) {
      ctx.addIssue({ code: 'custom', message: 'err.rate_invalid' });
      return z.NEVER;
    }
    return millionths;
  });

/** A deposit limit: blank → null (the default applies). */
const depositLimit = () => optionalHundredths({ max: MAX_REQUEST_CENTS, invalid: 'err.amount_invalid', tooLarge: 'err.amount_too_large' });

/**
 * The operator-editable settings: deposit details, what 1 u is worth in USDT and in the bank's
 * currency, the range of one deposit request, customer-service URL, minimum withdrawal, version label.
 */
export const settingsUpdateSchema = z
  .object({
    usdt: setting(100),
    bankname: setting(100),
    banknum: setting(40),
    bankxm: setting(60),
    /** USDT for 1 u; blank: not stated on the deposit page. */
    usdt_rate: rate(),
    /** The bank account's currency (ISO 4217, "CNY") and how much of it 1 u is: both or neither. */
    bank_currency: optionalText({ max: 3, invalid: 'err.currency_invalid' })
      .pipe(z.string().refine(isCurrencyCode, 'err.currency_invalid').optional())
      .transform((v) => v ?? null),
    bank_rate: rate(),
    /** One deposit request's smallest and largest amount; blank: 0.01 u and 1,000,000 u. */
    min_deposit: depositLimit(),
    max_deposit: depositLimit(),
    /** Blank: the SUPPORT_CHAT_URL of the server's environment applies. */
    support_url: optionalText({ max: 500, invalid: 'err.url_invalid' }).pipe(z.string().refine(isWebUrl, 'err.url_invalid').optional()),
    min_withdraw: decimalHundredths({
      max: MAX_REQUEST_CENTS,
      invalid: 'err.amount_invalid',
      required: 'err.amount_required',
      tooLarge: 'err.amount_too_large',
    }),
    version_label: setting(40),
    /** Above this amount a balance adjustment needs a second operator; blank: 1,000 u (DEFAULT_ADJUST_APPROVAL_ABOVE_CENTS). */
    adjust_approval_above: adjustApprovalAboveField(),
  })
  .superRefine((v, ctx) => {
    if (v.bank_rate !== null && v.bank_currency === null) ctx.addIssue({ code: 'custom', message: 'err.currency_required', path: ['bank_currency'] });
    if (v.bank_currency !== null && v.bank_rate === null) ctx.addIssue({ code: 'custom', message: 'err.rate_required', path: ['bank_rate'] });
    if (v.min_deposit !== null && v.max_deposit !== null && v.min_deposit > v.max_deposit) {
      ctx.addIssue({ code: 'custom', message: 'err.deposit_range_invalid', path: ['max_deposit'] });
    }
  });

// --- answers ---

export const settingsData = z.object({
  usdt: z.string(),
  bankname: z.string(),
  banknum: z.string(),
  bankxm: z.string(),
  /** "0.14", or '' when not stated. */
  usdt_rate: z.string(),
  bank_currency: z.string(),
  bank_rate: z.string(),
  /** '' when the operator set none (the default applies). */
  min_deposit: z.string(),
  max_deposit: z.string(),
  support_url: z.string(),
  /** SUPPORT_CHAT_URL from the environment, used while support_url is blank. */
  support_url_env: z.string(),
  min_withdraw: z.string(),
  version_label: z.string(),
  /** The four-eyes threshold of balance adjustments in force ("1000.00"). */
  adjust_approval_above: z.string(),
});

/** common/siteConfig: what players see of the settings. */
export const siteConfigData = z.object({
  version_label: z.string(),
  min_withdraw: z.string(),
  support_enabled: z.boolean(),
  /** The origins at which the operator serves the site (API_LINES; /changeline); empty = only the page's own. */
  lines: z.array(z.string()),
});
