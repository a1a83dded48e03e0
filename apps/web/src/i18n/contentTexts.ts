/**
 * Texts of the content screens (news, article, notices, promotion, activity centre, sharing):
 * `locales/content/content.<lang>.json`, loaded with those screens and with home's news section, so
 * they stay off the first screen's JavaScript budget. Checked by `npm run i18n:check`.
 */
import { lazyTexts } from './lazyTexts';

export const loadContentTexts = lazyTexts(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/content/content.*.json'),
  (lang) => `./locales/content/content.${lang}.json`,
);
