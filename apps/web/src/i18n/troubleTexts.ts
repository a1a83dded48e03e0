/**
 * Texts of the error pages and the offline line (`locales/trouble/trouble.<lang>.json`), all four
 * languages in the error page's own chunk (RouteError.tsx, fetched shortly after start): when it is
 * needed the network may be gone, so a language switched to later must not need a fetch. Off the
 * first screen's JavaScript budget; checked by `npm run i18n:check`.
 */
import { addBundledTexts } from '../lib/i18n';
import en from './locales/trouble/trouble.en.json';
import vi from './locales/trouble/trouble.vi.json';
import zhCN from './locales/trouble/trouble.zh-CN.json';
import zhTW from './locales/trouble/trouble.zh-TW.json';

let added = false;

export function addTroubleTexts(): void {
  if (added) return;
  added = true;
  addBundledTexts({ en, vi, 'zh-CN': zhCN, 'zh-TW': zhTW });
}
