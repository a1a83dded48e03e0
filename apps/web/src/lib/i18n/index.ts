import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_UI_LANG,
  UI_LANGS,
  resolveLanguage,
  storeLanguageChoice,
  storedLanguageChoice,
  toApiLang,
  type LanguageChoice,
  type UiLang,
} from './languages';
import { loadSharedMessages, withSharedNames } from './sharedNames';

export * from './languages';

/** Each locale is its own chunk; only the language in use is downloaded. */
const locales = import.meta.glob<{ default: Record<string, unknown> }>('../../i18n/locales/*.json');

type Texts = Record<string, unknown>;
/** Texts a chunk carries for every language (the error pages'), merged into each catalogue as it loads. */
const bundledTexts: Record<string, Texts>[] = [];

/**
 * Adds a chunk's texts of all four languages: to the language in use now, and to any other when it is
 * switched to. Not to the others ahead of time: i18next takes a language holding any texts as loaded.
 */
export function addBundledTexts(byLanguage: Record<string, Texts>): void {
  bundledTexts.push(byLanguage);
  const lang = currentLanguage();
  if (byLanguage[lang] && i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', byLanguage[lang], true, false);
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load = locales[`../../i18n/locales/${language}.json`];
    if (!load) {
      callback(new Error(`no locale ${language}`), false);
      return;
    }
    Promise.all([load(), loadSharedMessages(language)]).then(
      ([m, messages]) => callback(null, Object.assign(withSharedNames(messages, m.default), ...bundledTexts.map((b) => b[language]))),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

let ready: Promise<unknown> | null = null;

/** Initialises i18next with the stored language choice (default zh-TW). */
export function initI18n(choice: LanguageChoice = storedLanguageChoice()): Promise<unknown> {
  ready ??= i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: resolveLanguage(choice),
      supportedLngs: [...UI_LANGS],
      fallbackLng: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
      showSupportNotice: false,
    })
    .then(() => syncDocumentLang());
  return ready;
}

function syncDocumentLang() {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
}

export function currentLanguage(): UiLang {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (UI_LANGS as readonly string[]).includes(lang) ? (lang as UiLang) : DEFAULT_UI_LANG;
}

/** The `lang` sent with every API call. */
export const currentApiLang = () => toApiLang(currentLanguage());

/** Stores the choice and switches the whole UI (and the API's language) to it. */
export async function chooseLanguage(choice: LanguageChoice): Promise<void> {
  storeLanguageChoice(choice);
  await i18n.changeLanguage(resolveLanguage(choice));
  syncDocumentLang();
}

export { i18n };
