import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPaymentTexts } from '../../../i18n/paymentTexts';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fail, fakeApi, ok, screenAt } from '../../../test/render';
import { expectNoticesInOrder, fill } from '../../../test/formChecks';
import { AddBankCardScreen, groupCardNumber } from './AddBankCardScreen';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
const BOUND = { type: 0, acc: 'A****', acc_name: '**** **** **** 2233', acc_bank: 'Lucky Bank', mark: '' };
const saved = () => ok({ type: 0, acc: 'B**', acc_name: '**** **** **** 9999', acc_bank: 'Other Bank', mark: '' }, 'Set successfully');

/** Opens /addBankCard for a player whose bound card is `bound` (or none) and who has (`isTrue`) a security code or not. */
function openWith(bound: typeof BOUND | null, isTrue = true, setPayInfo: () => ReturnType<typeof saved> | ReturnType<typeof fail> = saved, shiming = 0) {
  const api = fakeApi({
    '/api/user/payInfo': () => ok(bound),
    '/api/user/safetyInfo': () => ok({ isTrue }),
    '/api/user/setPayInfo': setPayInfo,
    '/api/user/userInfo': () => ok({ user_id: 1, username: 'bob', group_id: 1, shiming }),
  });
  configureApiClient({ fetch: api.fetch });
  screenAt('/addBankCard', <AddBankCardScreen />);
  return { ...api, binds: () => api.calls.filter((c) => c.path === '/api/user/setPayInfo') };
}

const fillCard = () => {
  fill('Name on the card', 'Bob');
  fill('Enter the card number', '6222020200119999');
  fill('Enter the bank name', 'Other Bank');
};

describe('AddBankCardScreen', () => {
  beforeAll(() => loadPaymentTexts());
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 1 }, { remember: false }));

  it('groups a card number of digits in fours, and leaves one with letters exactly as typed', () => {
    expect(groupCardNumber('62220202 00112233')).toBe('6222 0202 0011 2233');
    expect(groupCardNumber('62220202001122334455')).toBe('6222 0202 0011 2233 4455');
    expect(groupCardNumber('6222a0202-0011 2233')).toBe('6222a0202-0011 2233');
  });

  it('refuses a card number with letters with the field message and sends nothing', async () => {
    const api = openWith(null);
    fill('Name on the card', 'Bob');
    fill('Enter the card number', '6222abc0200112233');
    fill('Enter the bank name', 'Other Bank');
    expect(screen.getByTestId('card-number-error').textContent).toBe('The card number must be 12–19 digits');
    expect((screen.getByPlaceholderText('Enter the card number') as HTMLInputElement).value).toBe('6222abc0200112233');
    submit();
    // The toast as well as the field's own line.
    await waitFor(() => expect(screen.getAllByText('The card number must be 12–19 digits')).toHaveLength(2));
    expect(api.binds()).toHaveLength(0);
  });

  it('checks holder, card number and bank in order with their own messages, before sending anything', async () => {
    const api = openWith(null);
    await expectNoticesInOrder('Submit', 'Please enter the cardholder', [
      ['Name on the card', 'Alice', 'Please enter the card number'],
      ['Enter the card number', '1234', 'The card number must be 12–19 digits'],
      ['Enter the card number', '6222020200112233', 'Please enter the bank name'],
    ]);
    expect(api.binds()).toHaveLength(0);
  });

  it('binds a first card as type 0 without a security code: acc = holder, acc_name = digits, acc_bank = bank', async () => {
    const api = openWith(null);
    expect(await screen.findByText('Add bank card')).toBeTruthy();
    fill('Name on the card', 'Alice');
    fill('Enter the card number', '6222020200112233');
    fill('Enter the bank name', 'Lucky Bank');
    submit();
    await waitFor(() => expect(api.binds()).toHaveLength(1));
    expect(api.binds()[0]!.body).toMatchObject({ type: 0, acc: 'Alice', acc_name: '6222020200112233', acc_bank: 'Lucky Bank' });
    expect(api.binds()[0]!.body).not.toHaveProperty('securityCode');
  });

  it('replacing a bound card asks for the security code, checks it, then sends it', async () => {
    const api = openWith(BOUND);
    expect(await screen.findByText('Change bank card')).toBeTruthy();
    expect(screen.getByText(/This replaces your bound account/)).toBeTruthy();
    fillCard();
    submit();
    expect(await screen.findByText('Enter your security code to change a bound account')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Your 6-digit security code'), { target: { value: '12' } });
    submit();
    expect(await screen.findByText('The security code must be 6 digits')).toBeTruthy();
    expect(api.binds()).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText('Your 6-digit security code'), { target: { value: '123456' } });
    submit();
    await waitFor(() => expect(api.binds()).toHaveLength(1));
    expect(api.binds()[0]!.body).toMatchObject({ type: 0, acc: 'Bob', acc_name: '6222020200119999', acc_bank: 'Other Bank', securityCode: '123456' });
  });

  it("shows the server's refusal of a wrong code on the code field", async () => {
    openWith(BOUND, true, () => fail('Incorrect security code', 0, 200, 'securityCode'));
    await screen.findByText('Change bank card');
    fillCard();
    fireEvent.change(screen.getByPlaceholderText('Your 6-digit security code'), { target: { value: '654321' } });
    submit();
    expect(await screen.findByText('Incorrect security code')).toBeTruthy();
    await waitFor(() => expect(screen.getByPlaceholderText('Your 6-digit security code').closest('.field-invalid')).not.toBeNull());
  });

  it('with no security code set, guides to /setSecurityCode instead of sending', async () => {
    const api = openWith(BOUND, false);
    expect(await screen.findByText('Changing a bound account needs your security code. Please set one first.')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Your 6-digit security code')).toBeNull();
    fillCard();
    submit();
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(api.binds()).toHaveLength(0);
  });

  it('with no security code set, its button opens /setSecurityCode', async () => {
    openWith(BOUND, false);
    fireEvent.click(await screen.findByRole('button', { name: 'Set security code' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it('says what is checked of the holder: the verified name and how names are compared, or that the card is marked while none is verified', async () => {
    openWith(null, true, saved, 2);
    expect(
      await screen.findByText(
        'Withdrawals go only to a card in your own name: the cardholder must be your verified real name. Names are compared ignoring spaces, letter case, full-width forms and middle dots (·); any other difference is refused.',
      ),
    ).toBeTruthy();
    cleanup();
    openWith(null, true, saved, 1);
    expect(await screen.findByText(/Your real name is not verified yet, so the cardholder cannot be checked now: the card is bound/)).toBeTruthy();
  });

  it("shows the server's refusal of a holder who is not the verified name on the holder field", async () => {
    const api = openWith(null, true, () => fail('The cardholder must be your verified real name', 0, 200, 'acc'), 2);
    fillCard();
    submit();
    await waitFor(() => expect(api.binds()).toHaveLength(1));
    expect((await screen.findAllByText('The cardholder must be your verified real name')).length).toBeGreaterThan(0);
    expect(screen.getByPlaceholderText('Name on the card').closest('.field-invalid')).not.toBeNull();
  });
});
