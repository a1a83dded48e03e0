import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPaymentTexts } from '../../../i18n/paymentTexts';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { BankCardManageScreen } from './BankCardManageScreen';

describe('BankCardManageScreen', () => {
  beforeAll(() => loadPaymentTexts());
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 1 }, { remember: false }));

  it('offers to change a bound card (with the security code) on the add-card screen', async () => {
    const api = fakeApi({ '/api/user/payInfo': () => ok({ type: 0, acc: 'A****', acc_name: '**** **** **** 2233', acc_bank: 'Lucky Bank', mark: '' }) });
    configureApiClient({ fetch: api.fetch });
    const { router } = screenAt('/bankCardManage?type=0', <BankCardManageScreen />);
    expect((await screen.findByTestId('card-number')).textContent).toBe('**** **** **** 2233');
    expect(screen.getByText('To change it, tap Change: you will need your security code.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('change-pay-account'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/addBankCard');
  });

  it('says what is known of the holder: checked, not checked while the name is unverified, or another name than the verified one', async () => {
    const cases = [
      [true, 0, 'Checked: the cardholder is your verified real name.'],
      [false, 1, 'Not checked yet: your real name is not verified. Withdrawals to this card are compared with your ID by the operator.'],
      [false, 2, 'The cardholder is not your verified real name: withdrawals to this card are marked for the operator. Change it to a card in your own name.'],
    ] as const;
    for (const [checked, shiming, text] of cases) {
      const api = fakeApi({
        '/api/user/payInfo': () => ok({ type: 0, acc: 'A****', acc_name: '**** **** **** 2233', acc_bank: 'Lucky Bank', mark: '', holder_checked: checked }),
        '/api/user/userInfo': () => ok({ user_id: 1, username: 'bob', group_id: 1, shiming }),
      });
      configureApiClient({ fetch: api.fetch });
      const view = screenAt('/bankCardManage?type=0', <BankCardManageScreen />);
      await waitFor(() => expect(screen.getByTestId('holder-check').textContent).toBe(text));
      view.unmount();
    }
  });
});
