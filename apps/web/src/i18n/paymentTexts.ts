/**
 * Texts of the payout-account screens (/bankCardManage, /addBankCard, /addVirtualWallet):
 * `locales/payment/payment.<lang>.json`, loaded with those screens, off the first screen's JavaScript
 * budget. Checked by `npm run i18n:check`.
 */
import { lazyTexts } from './lazyTexts';

export const loadPaymentTexts = lazyTexts(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/payment/payment.*.json'),
  (lang) => `./locales/payment/payment.${lang}.json`,
);
