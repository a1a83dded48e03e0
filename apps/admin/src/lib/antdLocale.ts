import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';

/** antd's texts (pagination, pickers, …) for each console language, loaded with it (one of four). */
const load: Record<Language, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/locale/zh_CN'),
  'zh-TW': () => import('antd/locale/zh_TW'),
  en: () => import('antd/locale/en_US'),
  vi: () => import('antd/locale/vi_VN'),
};
const loaded = new Map<string, Locale>();

export async function loadAntdLocale(code: Language) {
  if (!loaded.has(code)) loaded.set(code, (await load[code]()).default);
}

/** The language's antd texts once loaded (`initI18n` and `changeLanguage` load them first). */
export const antdLocale = (code: string) => loaded.get(code);
