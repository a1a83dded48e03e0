import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage, currentApiLang, i18n, storedLanguageChoice } from '../../../lib/i18n';
import { screenAt } from '../../../test/render';
import { LanguageScreen } from './LanguageScreen';

describe('LanguageScreen', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('stores the choice and switches the UI and the API language at once', async () => {
    screenAt('/language', <LanguageScreen />);
    expect(screen.getByText('Language')).toBeTruthy();
    fireEvent.click(screen.getByTestId('language-vi'));
    await waitFor(() => expect(screen.getByText('Ngôn ngữ')).toBeTruthy());
    // The confirmation is in the language just chosen, not the one before.
    expect(await screen.findByText('\u0110\u00e3 \u0111\u1ed5i ng\u00f4n ng\u1eef')).toBeTruthy();
    expect(screen.queryByText('Language changed')).toBeNull();
    expect(storedLanguageChoice()).toBe('vi');
    expect(i18n.language).toBe('vi');
    expect(currentApiLang()).toBe('vi');
    fireEvent.click(screen.getByTestId('language-zh-CN'));
    await waitFor(() => expect(screen.getByText('语言')).toBeTruthy());
    expect(currentApiLang()).toBe('zh');
  });
});
