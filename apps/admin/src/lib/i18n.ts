import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/locales/en.json';
import vi from '../i18n/locales/vi.json';
import zhCN from '../i18n/locales/zh-CN.json';
import zhTW from '../i18n/locales/zh-TW.json';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

const STORAGE_KEY = 'lucky28.console.lang';

export function savedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

export async function initI18n(lng: Language = savedLanguage()) {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(lng);
    return i18n;
  }
  await i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, 'zh-TW': { translation: zhTW }, en: { translation: en }, vi: { translation: vi } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

export async function changeLanguage(lng: Language) {
  localStorage.setItem(STORAGE_KEY, lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export default i18n;
