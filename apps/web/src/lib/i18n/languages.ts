import type { ApiLang } from '@lucky28/shared/messages';
import { readJson, storageKeys, writeJson } from '../storage';

/** The four UI languages; zh-TW is the product's default (docs/product.md#constants-and-game-rules). */
export const UI_LANGS = ['zh-CN', 'zh-TW', 'en', 'vi'] as const;
export type UiLang = (typeof UI_LANGS)[number];
export const DEFAULT_UI_LANG: UiLang = 'zh-TW';

/** What the /language screen stores: follow the system, or one language. */
export type LanguageChoice = 'system' | UiLang;
export const LANGUAGE_CHOICES: readonly LanguageChoice[] = ['system', 'en', 'zh-CN', 'zh-TW', 'vi'];

const isUiLang = (v: unknown): v is UiLang => typeof v === 'string' && (UI_LANGS as readonly string[]).includes(v);

/** The best UI language for the browser's preferred languages. */
export function systemLanguage(preferred: readonly string[]): UiLang {
  for (const raw of preferred) {
    const tag = raw.toLowerCase();
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'vi' || tag.startsWith('vi-')) return 'vi';
  }
  return DEFAULT_UI_LANG;
}

const navigatorLanguages = (): readonly string[] => {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
};

export function resolveLanguage(choice: LanguageChoice, preferred: readonly string[] = navigatorLanguages()): UiLang {
  return choice === 'system' ? systemLanguage(preferred) : choice;
}

export function storedLanguageChoice(): LanguageChoice {
  const v = readJson<string>('local', storageKeys.language);
  return v === 'system' || isUiLang(v) ? v : DEFAULT_UI_LANG;
}

export function storeLanguageChoice(choice: LanguageChoice): void {
  writeJson('local', storageKeys.language, choice);
}

/** The API's `lang` for a UI language (zh | tw | en | vi). */
export function toApiLang(lang: string): ApiLang {
  switch (lang) {
    case 'zh-CN':
      return 'zh';
    case 'en':
      return 'en';
    case 'vi':
      return 'vi';
    default:
      return 'tw';
  }
}
