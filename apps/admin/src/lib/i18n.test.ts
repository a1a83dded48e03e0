import { afterEach, describe, expect, it } from 'vitest';
import vi from '../i18n/locales/vi.json';
import i18n, { changeLanguage, consoleLanguage, initI18n } from './i18n';
import { antdLocale } from './antdLocale';

describe('the console’s languages', () => {
  afterEach(() => initI18n('en'));

  it('holds only the operator’s language, and loads another (with antd’s texts) when it is chosen', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('vi', 'translation')).toBe(false);
    expect(antdLocale('vi')).toBeUndefined();

    await changeLanguage('vi');
    expect(i18n.t('menu.dashboard')).toBe(vi.menu.dashboard);
    expect(antdLocale('vi')?.locale).toBe('vi');
    expect(consoleLanguage()).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(localStorage.getItem('lucky28.console.lang')).toBe('vi');
  });

  it('marks the page with the saved language from the start, not only after a switch', async () => {
    document.documentElement.lang = 'zh-CN';
    await initI18n('zh-TW');
    expect(document.documentElement.lang).toBe('zh-TW');
  });
});
