/**
 * Texts of the referral programme (the team page and its entries on /shareFriend and /personal):
 * `locales/referral/referral.<lang>.json`, loaded with those screens. Checked by `npm run i18n:check`.
 */
import { lazyTexts } from './lazyTexts';

export const loadReferralTexts = lazyTexts(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/referral/referral.*.json'),
  (lang) => `./locales/referral/referral.${lang}.json`,
);
