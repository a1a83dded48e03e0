/**
 * Texts of the ID-document fields (type picker, the once-only confirmation): `locales/idDoc/idDoc.<lang>.json`,
 * loaded with /baseinfo and /realNameAuth, off the first screen's JavaScript budget. Checked by `npm run i18n:check`.
 */
import { lazyTexts } from './lazyTexts';

export const loadIdDocTexts = lazyTexts(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/idDoc/idDoc.*.json'),
  (lang) => `./locales/idDoc/idDoc.${lang}.json`,
);
