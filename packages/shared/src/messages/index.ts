import en from './en.json';
import tw from './tw.json';
import vi from './vi.json';
import zh from './zh.json';

/**
 * The API's message catalogue (success texts, validation and business errors), shared by the
 * server, which answers in the request's `lang`, and the apps, which validate with the same keys.
 */
export const API_LANGS = ['zh', 'tw', 'en', 'vi'] as const;
export type ApiLang = (typeof API_LANGS)[number];
export const DEFAULT_API_LANG: ApiLang = 'tw';

export type MessageKey = keyof typeof en;
export const apiMessages: Record<ApiLang, Record<MessageKey, string>> = { zh, tw, en, vi };

export function normalizeLang(value: unknown): ApiLang {
  if (typeof value !== 'string') return DEFAULT_API_LANG;
  const v = value.toLowerCase();
  if (v === 'zh' || v === 'zh-cn' || v === 'zh-hans') return 'zh';
  if (v === 'tw' || v === 'zh-tw' || v === 'zh-hk' || v === 'zh-hant') return 'tw';
  if (v === 'en' || v.startsWith('en-')) return 'en';
  if (v === 'vi' || v.startsWith('vi-')) return 'vi';
  return DEFAULT_API_LANG;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** Each language's plural rules (the API's `tw` is Traditional Chinese, not Twi). */
const pluralRules: Record<ApiLang, Intl.PluralRules> = {
  zh: new Intl.PluralRules('zh-CN'),
  tw: new Intl.PluralRules('zh-TW'),
  en: new Intl.PluralRules('en'),
  vi: new Intl.PluralRules('vi'),
};

/**
 * The key's form for a number, as i18next picks it: with a numeric `count`, `<key>_one` (or another
 * category) when the catalogue has it, else the key itself — "1 second", "30 seconds".
 */
function pluralKey(lang: ApiLang, key: string, count: unknown): string {
  if (typeof count !== 'number') return key;
  const form = `${key}_${pluralRules[lang].select(count)}`;
  return isMessageKey(form) ? form : key;
}

/** Looks a key up (its plural form for `params.count`) and fills {{name}} placeholders; an unknown key is returned as is. */
export function translate(lang: ApiLang, key: string, params?: Record<string, string | number>): string {
  const found = pluralKey(lang, key, params?.count);
  const text = isMessageKey(found) ? apiMessages[lang][found] : key;
  if (!params) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
