import type { UiLang } from './languages';

type AntdLocale = (typeof import('antd-mobile/es/locales/en-US'))['default'];

/** antd-mobile's own texts (Dialog buttons, pickers…) follow the UI language; loaded on demand. */
const loaders: Record<UiLang, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW'),
  en: () => import('antd-mobile/es/locales/en-US'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
};

export type { AntdLocale };

export async function loadAntdLocale(lang: UiLang): Promise<AntdLocale> {
  return (await loaders[lang]()).default;
}
