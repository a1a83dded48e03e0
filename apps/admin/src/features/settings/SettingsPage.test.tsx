import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../lib/session';
import { fakeServer, ok, renderScreen } from '../../test/render';
import { SettingsPage } from './SettingsPage';

const SETTINGS = { usdt: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', bankname: 'Bank', banknum: '6222', bankxm: 'Lucky28', support_url: '', support_url_env: '', min_withdraw: '100.00', version_label: '' };

beforeEach(() => session.set('op-token'));

describe('the settings page', () => {
  it('refuses a negative, zero or malformed minimum withdrawal on its field before sending, and sends a good one exactly as typed', async () => {
    const { calls } = fakeServer({ me: () => ok({ id: 1, username: 'root', role: 'admin' }), settingsGet: () => ok(SETTINGS), settingsUpdate: (b) => ok({ ...SETTINGS, ...b }) });
    renderScreen(<SettingsPage />);
    const field = await screen.findByLabelText('Minimum withdrawal (u)');
    expect((field as HTMLInputElement).value).toBe('100.00');
    for (const value of ['-5', '0', '1.234', 'abc', '1e3']) {
      await userEvent.clear(field);
      await userEvent.type(field, value);
      await userEvent.click(screen.getByRole('button', { name: /Save/ }));
      expect(await screen.findByText('Please enter a valid amount'), value).toBeTruthy();
    }
    expect(calls.some((c) => c.call === 'settingsUpdate')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '150.5');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calls.find((c) => c.call === 'settingsUpdate')?.body).toMatchObject({ min_withdraw: '150.5' }));
  }, 90_000);
});
