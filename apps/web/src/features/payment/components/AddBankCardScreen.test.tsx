import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { expectChecksBeforeAnyCall, fill } from '../../../test/formChecks';
import { AddBankCardScreen, groupCardNumber } from './AddBankCardScreen';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('AddBankCardScreen', () => {
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 1 }, { remember: false }));

  it('groups the card number in fours and keeps digits only', () => {
    expect(groupCardNumber('6222a0202-0011 2233')).toBe('6222 0202 0011 2233');
    expect(groupCardNumber('62220202001122334455')).toBe('6222 0202 0011 2233 445');
  });

  it('checks holder, card number and bank in order with their own messages', () =>
    expectChecksBeforeAnyCall('/addBankCard', <AddBankCardScreen />, 'Submit', 'Please enter the cardholder', [
      ['Name on the card', 'Alice', 'Please enter the card number'],
      ['Enter the card number', '1234', 'The card number must be 12–19 digits'],
      ['Enter the card number', '6222020200112233', 'Please enter the bank name'],
    ]));

  it('binds the card as type 0: acc = holder, acc_name = digits, acc_bank = bank', async () => {
    const api = fakeApi({
      '/api/user/setPayInfo': () => ok({ type: 0, acc: 'A****', acc_name: '**** **** **** 2233', acc_bank: 'Lucky Bank', mark: '' }, 'Set successfully'),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/addBankCard', <AddBankCardScreen />);
    fill('Name on the card', 'Alice');
    fill('Enter the card number', '6222020200112233');
    fill('Enter the bank name', 'Lucky Bank');
    submit();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]!.body).toMatchObject({ type: 0, acc: 'Alice', acc_name: '6222020200112233', acc_bank: 'Lucky Bank' });
  });
});
