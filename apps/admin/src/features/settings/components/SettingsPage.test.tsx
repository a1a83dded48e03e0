import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { SettingsPage } from './SettingsPage';

const SETTINGS = {
  usdt: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  bankname: 'Bank',
  banknum: '6222',
  bankxm: 'Lucky28',
  usdt_rate: '0.14',
  bank_currency: 'CNY',
  bank_rate: '1.00',
  min_deposit: '',
  max_deposit: '',
  support_url: '',
  support_url_env: '',
  min_withdraw: '100.00',
  version_label: '',
  adjust_approval_above: '1000.00',
};

beforeEach(() => session.set('op-token'));

describe('the settings page', () => {
  it('refuses a negative, zero or malformed minimum withdrawal on its field before sending, and sends a good one exactly as typed', async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'root', role: 'admin' }),
      settingsGet: () => ok(SETTINGS),
      settingsUpdate: (b) => ok({ ...SETTINGS, ...b }),
    });
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

  it('saves the deposit details and the other settings exactly as typed, and says so', async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'root', role: 'admin' }),
      settingsGet: () => ok(SETTINGS),
      settingsUpdate: (b) => ok({ ...SETTINGS, ...b }),
    });
    renderScreen(<SettingsPage />);
    const address = await screen.findByLabelText('USDT (TRC20) address');
    fireEvent.change(address, { target: { value: 'TXyz1234567890abcdefghijklmnopqrst' } });
    fireEvent.change(screen.getByLabelText('Version label'), { target: { value: 'v2.1' } });
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Done')).toBeTruthy();
    expect(calls.find((c) => c.call === 'settingsUpdate')?.body).toEqual({
      lang: 'en',
      usdt: 'TXyz1234567890abcdefghijklmnopqrst',
      bankname: 'Bank',
      banknum: '6222',
      bankxm: 'Lucky28',
      usdt_rate: '0.14',
      bank_currency: 'CNY',
      bank_rate: '1.00',
      min_deposit: '',
      max_deposit: '',
      support_url: '',
      min_withdraw: '100.00',
      version_label: 'v2.1',
      adjust_approval_above: '1000.00',
    });
  }, 60_000);

  it('edits what 1 u is worth and the range of one deposit, refusing a bad rate, currency or range on its field before sending', async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'root', role: 'admin' }),
      settingsGet: () => ok(SETTINGS),
      settingsUpdate: (b) => ok({ ...SETTINGS, ...b }),
    });
    renderScreen(<SettingsPage />);
    const usdtRate = await screen.findByLabelText('USDT for 1 u');
    expect((usdtRate as HTMLInputElement).value).toBe('0.14');
    const save = () => userEvent.click(screen.getByRole('button', { name: /Save/ }));
    const cases: [string, string, string][] = [
      ['USDT for 1 u', '0.1234567', 'Please enter a rate above 0 with at most 6 decimal places'],
      ['USDT for 1 u', '0', 'Please enter a rate above 0 with at most 6 decimal places'],
      ['Bank account currency', 'cny', 'Please enter the currency as its 3-letter code, such as CNY'],
      ['Bank account currency', '', 'Please enter the currency of this rate'],
      ['Largest deposit (u)', '5', 'The largest deposit cannot be below the smallest'],
    ];
    fireEvent.change(screen.getByLabelText('Smallest deposit (u)'), { target: { value: '10' } });
    for (const [label, value, message] of cases) {
      const field = screen.getByLabelText(label);
      const before = (field as HTMLInputElement).value;
      fireEvent.change(field, { target: { value } });
      await save();
      // Under the field itself (antd's help line of that input).
      await waitFor(() => expect(document.getElementById(`${field.id}_help`)?.textContent, value).toBe(message));
      fireEvent.change(field, { target: { value: before } });
    }
    expect(calls.some((c) => c.call === 'settingsUpdate')).toBe(false);
    fireEvent.change(usdtRate, { target: { value: '0.138889' } });
    fireEvent.change(screen.getByLabelText('Largest deposit (u)'), { target: { value: '50000' } });
    await save();
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'settingsUpdate')?.body).toMatchObject({
        usdt_rate: '0.138889',
        bank_currency: 'CNY',
        bank_rate: '1.00',
        min_deposit: '10',
        max_deposit: '50000',
      }),
    );
  }, 90_000);

  it('shows a refusal of the server under the field it names', async () => {
    fakeServer({
      me: () => ok({ id: 1, username: 'root', role: 'admin' }),
      settingsGet: () => ok(SETTINGS),
      settingsUpdate: () => ({ body: { code: 0, msg: 'Please enter a valid address', time: 0, data: null, field: 'support_url' } }),
    });
    renderScreen(<SettingsPage />);
    fireEvent.change(await screen.findByLabelText('Customer-service URL'), { target: { value: 'https://chat.example.com' } });
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    const error = await screen.findByText('Please enter a valid address');
    expect(error.closest('.ant-form-item')?.querySelector('input')?.id).toBe(screen.getByLabelText('Customer-service URL').id);
  }, 60_000);

  it('shows the settings read-only to an operator who is not an admin', async () => {
    const { calls } = fakeServer({ me: () => ok({ id: 2, username: 'fin', role: 'finance' }), settingsGet: () => ok(SETTINGS) });
    renderScreen(<SettingsPage />);
    const address = await screen.findByLabelText('USDT (TRC20) address');
    await waitFor(() => expect((address as HTMLInputElement).disabled).toBe(true));
    expect((address as HTMLInputElement).value).toBe(SETTINGS.usdt);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(calls.some((c) => c.call === 'settingsUpdate')).toBe(false);
  }, 60_000);
});
