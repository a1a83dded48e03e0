import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderRoutes, screenAt } from '../../../test/render';
import { WithdrawScreen } from './WithdrawScreen';

const bank = { type: 0, acc: 'Z********', acc_name: '**** **** **** 2233', acc_bank: 'ICBC', mark: '' };
const wallet = { type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', acc_name: 'trc20', acc_bank: '', mark: '' };
const ready = { money: '500.00', score: '0.00', pay_list: [bank, wallet], isTrue: true, has_idcard: true, min_withdraw: '100.00' };
const userInfo = { user_id: 1, username: 'alice', group_id: 1 };

const press = async (digits: string) => {
  // The popup focuses the code input (and its keyboard) once shown; a tap on it does the same.
  if (!screen.queryByRole('button', { name: '1' })) fireEvent.click(await screen.findByTestId('withdraw-code', {}, { timeout: 3000 }));
  for (const d of digits) fireEvent.click(await screen.findByRole('button', { name: d }, { timeout: 3000 }));
};
const typeAmount = (value: string) => fireEvent.change(screen.getByPlaceholderText('Minimum 100.00 u'), { target: { value } });

describe('WithdrawScreen', () => {
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 1, group_id: 1 }, { remember: false }));

  it('follows the order of docs/product.md#validation-rules: ID information first, redirecting to /baseinfo', async () => {
    const api = fakeApi({
      '/api/user/userInfo': () => ok(userInfo),
      '/api/user/withdrawInfo': () => ok({ ...ready, has_idcard: false, pay_list: [], isTrue: false }),
    });
    configureApiClient({ fetch: api.fetch });
    const { router } = screenAt('/withdraw', <WithdrawScreen />);
    fireEvent.click(await screen.findByTestId('withdraw-submit'));
    expect(await screen.findByText('Please complete your ID information first')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/baseinfo'));
  });

  it('then a payout account, then a security code', async () => {
    let info = { ...ready, pay_list: [] as unknown[], isTrue: false };
    const api = fakeApi({ '/api/user/userInfo': () => ok(userInfo), '/api/user/withdrawInfo': () => ok(info) });
    configureApiClient({ fetch: api.fetch });
    const first = screenAt('/withdraw', <WithdrawScreen />);
    fireEvent.click(await screen.findByTestId('withdraw-submit'));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/bankCardManage'));
    expect(first.router.state.location.search).toBe('?type=0');
    first.unmount();
    info = { ...ready, isTrue: false };
    const second = screenAt('/withdraw', <WithdrawScreen />);
    fireEvent.click(await screen.findByTestId('withdraw-submit'));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/setSecurityCode'));
  });

  it('checks the amount: empty, below the minimum, above the balance, without opening the code popup', async () => {
    const api = fakeApi({ '/api/user/userInfo': () => ok(userInfo), '/api/user/withdrawInfo': () => ok(ready) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/withdraw', <WithdrawScreen />);
    fireEvent.click(await screen.findByTestId('withdraw-submit'));
    expect(await screen.findByText('Please enter the amount')).toBeTruthy();
    typeAmount('99.99');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('The minimum withdrawal is 100.00 u')).toBeTruthy();
    expect(screen.getByPlaceholderText('Minimum 100.00 u').closest('.field-invalid')).not.toBeNull();
    typeAmount('600');
    expect(screen.getByPlaceholderText('Minimum 100.00 u').closest('.field-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Insufficient balance: the transfer out failed')).toBeTruthy();
    expect(screen.getByPlaceholderText('Minimum 100.00 u').closest('.field-invalid')).not.toBeNull();
    expect(screen.queryByText('Enter your security code')).toBeNull();
  });

  it('sends the request at the 6th digit with the chosen account and an idempotency key, then shows "submitted"', async () => {
    const api = fakeApi({
      '/api/user/userInfo': () => ok(userInfo),
      '/api/user/withdrawInfo': () => ok(ready),
      '/api/user/withdrawAction': () => ok({ id: 5, money: '100.00', status: 0, over: '400.00' }, 'Withdrawal submitted successfully, awaiting review'),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/withdraw', <WithdrawScreen />);
    fireEvent.click(await screen.findByTestId('withdraw-account-1'));
    typeAmount('100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Enter your security code')).toBeTruthy();
    await press('12345');
    expect(api.calls.some((c) => c.path === '/api/user/withdrawAction')).toBe(false);
    await press('6');
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/user/withdrawAction')).toBeDefined());
    const call = api.calls.find((c) => c.path === '/api/user/withdrawAction')!;
    expect(call.body).toMatchObject({ type: 1, money: '100', securityCode: '123456' });
    expect(call.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('Submitted')).toBeTruthy();
    expect(screen.getByText('Withdrawal submitted successfully, awaiting review')).toBeTruthy();
  });

  it('shows a refusal in the withdrawal-failure popup', async () => {
    const api = fakeApi({
      '/api/user/userInfo': () => ok(userInfo),
      '/api/user/withdrawInfo': () => ok(ready),
      '/api/user/withdrawAction': () => fail('Incorrect security code'),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/withdraw', <WithdrawScreen />);
    await screen.findByTestId('withdraw-submit');
    typeAmount('150');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await press('000000');
    expect(await screen.findByText('Withdrawal failed')).toBeTruthy();
    expect(screen.getByText('Incorrect security code')).toBeTruthy();
  });

  it('guests get the alert and never reach the withdraw call', async () => {
    useSession.getState().signIn({ token: 't', user_id: 2, group_id: 2 }, { remember: false });
    const api = fakeApi({ '/api/user/userInfo': () => ok({ ...userInfo, group_id: 2 }) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/withdraw', <WithdrawScreen />);
    expect(await screen.findByTestId('guest-gate')).toBeTruthy();
    expect((await screen.findAllByText('Guests must register as full members before depositing or withdrawing.')).length).toBeGreaterThan(0);
    expect(api.calls.some((c) => c.path === '/api/user/withdrawInfo')).toBe(false);
  });

  it("back (the browser's or Android's) closes the security-code popup and stays on the screen; the next back leaves it", async () => {
    const api = fakeApi({ '/api/user/userInfo': () => ok(userInfo), '/api/user/withdrawInfo': () => ok(ready) });
    configureApiClient({ fetch: api.fetch });
    const { router } = renderRoutes(
      [
        { path: '/withdraw', element: <WithdrawScreen /> },
        { path: '*', element: <div data-testid="elsewhere" /> },
      ],
      ['/personal', '/withdraw'],
    );
    await screen.findByTestId('withdraw-submit');
    typeAmount('150');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const popup = () => document.querySelector('.wallet-code-popup')!.closest('.adm-popup') as HTMLElement;
    await waitFor(() => expect(popup().style.display).not.toBe('none'));
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['withdraw-code'] }));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/withdraw');
    await waitFor(() => expect(popup().style.display).toBe('none'));
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/user/withdrawAction')).toBe(false);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/personal');
  });
});
