import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPaymentTexts } from '../../../i18n/paymentTexts';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { AddVirtualWalletScreen } from './AddVirtualWalletScreen';

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

function openWith(bound: boolean) {
  const api = fakeApi({
    '/api/user/payInfo': () => ok(bound ? { type: 1, acc: TRC20, acc_name: 'trc20', acc_bank: '', mark: '' } : null),
    '/api/user/safetyInfo': () => ok({ isTrue: true }),
    '/api/user/setPayInfo': () => ok({ type: 1, acc: TRC20, acc_name: 'trc20', acc_bank: '', mark: '' }, 'Set successfully'),
  });
  configureApiClient({ fetch: api.fetch });
  screenAt('/addVirtualWallet', <AddVirtualWalletScreen />);
  return { binds: () => api.calls.filter((c) => c.path === '/api/user/setPayInfo') };
}

describe('AddVirtualWalletScreen', () => {
  beforeAll(() => loadPaymentTexts());
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 1 }, { remember: false }));

  it('binds a first wallet without a security code', async () => {
    const api = openWith(false);
    expect(await screen.findByText('Add virtual wallet')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Paste your USDT address'), { target: { value: TRC20 } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.binds()).toHaveLength(1));
    expect(api.binds()[0]!.body).toEqual(expect.not.objectContaining({ securityCode: expect.anything() }));
  });

  it('replacing the bound wallet sends the security code', async () => {
    const api = openWith(true);
    expect(await screen.findByText('Change virtual wallet')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Paste your USDT address'), { target: { value: TRC20 } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Enter your security code to change a bound account')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Your 6-digit security code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.binds()).toHaveLength(1));
    expect(api.binds()[0]!.body).toMatchObject({ type: 1, acc: TRC20, acc_name: 'trc20', securityCode: '123456' });
  });
});
