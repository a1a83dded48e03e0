import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from './antdLocale';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

const STORAGE_KEY = 'lucky28.console.lang';

export function savedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** Each language's texts in their own chunk: the console downloads the operator's language only. */
const texts: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  'zh-CN': () => import('../i18n/locales/zh-CN.json'),
  'zh-TW': () => import('../i18n/locales/zh-TW.json'),
  en: () => import('../i18n/locales/en.json'),
  vi: () => import('../i18n/locales/vi.json'),
};

/** The language's texts (and antd's) loaded and added; `npm run i18n:check` keeps every key in each, so no fallback is loaded. */
async function loadLanguage(lng: Language) {
  const [own] = await Promise.all([i18n.hasResourceBundle(lng, 'translation') ? undefined : texts[lng](), loadAntdLocale(lng)]);
  if (own) i18n.addResourceBundle(lng, 'translation', own.default);
}

let started: Promise<unknown> = Promise.resolve();

/**
 * The console's language while its texts may still be loading: the first screen's calls start
 * alongside them (main.tsx), so they ask in the operator's language and word their errors once the
 * texts are in.
 */
export const consoleLanguage = (): string => i18n.language ?? savedLanguage();
export const textsReady = () => started;

export function initI18n(lng: Language = savedLanguage()) {
  return (started = startI18n(lng));
}

async function startI18n(lng: Language) {
  // The page says which language it is in from the start (index.html says zh-CN), not only after a switch.
  document.documentElement.lang = lng;
  if (i18n.isInitialized) {
    await loadLanguage(lng);
    await i18n.changeLanguage(lng);
    return i18n;
  }
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    showSupportNotice: false,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
  });
  await loadLanguage(lng);
  return i18n;
}

export async function changeLanguage(lng: Language) {
  localStorage.setItem(STORAGE_KEY, lng);
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export default i18n;
