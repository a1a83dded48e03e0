import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { addTroubleTexts } from './troubleTexts';

describe('the error pages’ texts, bundled for all four languages', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('are there in the language in use and in one switched to later, whose own catalogue still loads', async () => {
    addTroubleTexts();
    expect(i18n.t('trouble.offlineTitle')).toBe('You are offline');
    // A language holding only these texts would count as loaded and never fetch its catalogue (raw keys everywhere).
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('common.back')).toBe('返回');
    expect(i18n.t('trouble.offlineTitle')).not.toBe('trouble.offlineTitle');
    await i18n.changeLanguage('vi');
    expect(i18n.t('common.back')).not.toBe('common.back');
    expect(i18n.t('trouble.offlineTitle')).not.toBe('trouble.offlineTitle');
  });
});
