import type { ApiLang } from '@lucky28/shared/messages';

/** The console's languages; operators default to simplified Chinese. */
export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文', api: 'zh' },
  { code: 'zh-TW', label: '繁體中文', api: 'tw' },
  { code: 'en', label: 'English', api: 'en' },
  { code: 'vi', label: 'Tiếng Việt', api: 'vi' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export const apiLangOf = (code: string): ApiLang => LANGUAGES.find((l) => l.code === code)?.api ?? 'zh';

export const isLanguage = (v: unknown): v is Language => LANGUAGES.some((l) => l.code === v);
