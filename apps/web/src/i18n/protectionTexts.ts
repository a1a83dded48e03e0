/**
 * Texts of the player-protection screens (Responsible play, the reality check, the net
 * position): `locales/protection/protection.<lang>.json`, loaded with those screens so they stay off
 * the first screen's JavaScript budget. Checked by `npm run i18n:check`.
 */
import { lazyTexts } from './lazyTexts';

export const loadProtectionTexts = lazyTexts(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/protection/protection.*.json'),
  (lang) => `./locales/protection/protection.${lang}.json`,
);
