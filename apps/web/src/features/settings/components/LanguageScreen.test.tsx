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
    expect(storedLanguageChoice()).toBe('vi');
    expect(i18n.language).toBe('vi');
    expect(currentApiLang()).toBe('vi');
    fireEvent.click(screen.getByTestId('language-zh-CN'));
    await waitFor(() => expect(screen.getByText('语言')).toBeTruthy());
    expect(currentApiLang()).toBe('zh');
  });
});
