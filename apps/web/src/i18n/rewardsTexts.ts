/**
 * Texts of the rewards (the campaign cards of /actionCenter and home, the promotions opt-out of
 * Responsible play): `locales/rewards/rewards.<lang>.json`, loaded with those screens so they stay off
 * the first screen's JavaScript budget. Checked by `npm run i18n:check`.
 */
import { lazyTexts } from './lazyTexts';

export const loadRewardsTexts = lazyTexts(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/rewards/rewards.*.json'),
  (lang) => `./locales/rewards/rewards.${lang}.json`,
);
