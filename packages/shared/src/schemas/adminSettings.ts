import { z } from 'zod';
import { decimalHundredths } from './admin.js';
import { optionalText } from './fields.js';
import { MAX_REQUEST_CENTS } from '../wallet.js';

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

/** The operator-editable settings: deposit details, customer-service URL, minimum withdrawal, version label. */
export const settingsUpdateSchema = z.object({
  usdt: setting(100),
  bankname: setting(100),
  banknum: setting(40),
  bankxm: setting(60),
  /** Blank: the SUPPORT_CHAT_URL of the server's environment applies. */
  support_url: optionalText({ max: 500, invalid: 'err.url_invalid' }).pipe(z.string().refine(isWebUrl, 'err.url_invalid').optional()),
  min_withdraw: decimalHundredths({ max: MAX_REQUEST_CENTS, invalid: 'err.amount_invalid', required: 'err.amount_required', tooLarge: 'err.amount_too_large' }),
  version_label: setting(40),
});

// --- answers ---

export const settingsData = z.object({
  usdt: z.string(),
  bankname: z.string(),
  banknum: z.string(),
  bankxm: z.string(),
  support_url: z.string(),
  /** SUPPORT_CHAT_URL from the environment, used while support_url is blank. */
  support_url_env: z.string(),
  min_withdraw: z.string(),
  version_label: z.string(),
});

/** common/siteConfig: what players see of the settings. */
export const siteConfigData = z.object({
  version_label: z.string(),
  min_withdraw: z.string(),
  support_enabled: z.boolean(),
  /** The origins at which the operator serves the site (API_LINES; /changeline); empty = only the page's own. */
  lines: z.array(z.string()),
});
