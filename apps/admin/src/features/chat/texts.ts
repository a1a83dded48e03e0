import i18n from '../../lib/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

/** The chat moderation screen's texts (`chat.*`), loaded with it (checked by `npm run i18n:check`). */
const bundles = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, vi } as const;
for (const [lang, texts] of Object.entries(bundles)) i18n.addResourceBundle(lang, 'translation', { chat: texts }, true, false);
