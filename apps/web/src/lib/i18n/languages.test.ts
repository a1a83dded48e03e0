import { describe, expect, it } from 'vitest';
import { DEFAULT_UI_LANG, resolveLanguage, storeLanguageChoice, storedLanguageChoice, systemLanguage, toApiLang } from './languages';

describe('UI languages', () => {
  it('maps browser languages to the four UI languages, traditional for Taiwan/Hong Kong', () => {
    expect(systemLanguage(['zh-TW'])).toBe('zh-TW');
    expect(systemLanguage(['zh-HK'])).toBe('zh-TW');
    expect(systemLanguage(['zh-Hant-TW'])).toBe('zh-TW');
    expect(systemLanguage(['zh-CN'])).toBe('zh-CN');
    expect(systemLanguage(['zh'])).toBe('zh-CN');
    expect(systemLanguage(['en-GB'])).toBe('en');
    expect(systemLanguage(['vi-VN'])).toBe('vi');
    expect(systemLanguage(['fr-FR', 'vi'])).toBe('vi');
    expect(systemLanguage(['fr-FR'])).toBe(DEFAULT_UI_LANG);
    expect(systemLanguage([])).toBe('zh-TW');
  });

  it('follows the system only when asked to', () => {
    expect(resolveLanguage('system', ['en-US'])).toBe('en');
    expect(resolveLanguage('vi', ['en-US'])).toBe('vi');
  });

  it('sends the API its own language codes', () => {
    expect(toApiLang('zh-CN')).toBe('zh');
    expect(toApiLang('zh-TW')).toBe('tw');
    expect(toApiLang('en')).toBe('en');
    expect(toApiLang('vi')).toBe('vi');
  });

  it('stores the choice, defaulting to traditional Chinese', () => {
    expect(storedLanguageChoice()).toBe('zh-TW');
    storeLanguageChoice('system');
    expect(storedLanguageChoice()).toBe('system');
    localStorage.setItem('lucky28.language', '"klingon"');
    expect(storedLanguageChoice()).toBe('zh-TW');
  });
});
