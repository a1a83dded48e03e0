import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import type { UserDetail } from '../api/users';
import { UserActions } from './UserActions';

const player = { id: 5, username: 'alice', group_id: 1, frozen: false, has_security_code: false } as UserDetail;

beforeEach(() => session.set('op-token'));

/** Opens the gift dialog as a finance operator, types `amount` and a reason, and presses OK. */
async function giveGift(amount: string) {
  const dialog = await screen.findByRole('dialog');
  const field = within(dialog).getByLabelText('Amount');
  await userEvent.clear(field);
  await userEvent.type(field, amount);
  const reason = within(dialog).getByLabelText('Reason');
  await userEvent.clear(reason);
  await userEvent.type(reason, 'Birthday bonus');
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  return dialog;
}

describe('the gift dialog', () => {
  it('refuses a negative, zero or malformed amount on the field before sending, never rounding or clamping it', async () => {
    const { calls } = fakeServer({ me: () => ok({ id: 1, username: 'fin', role: 'finance' }), userGift: () => ok({ ledger_id: 1, balance: '88.50' }) });
    renderScreen(<UserActions user={player} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Gift' }));
    for (const amount of ['-50', '0', '1.234', '1e3', 'abc', ' 5']) {
      const dialog = await giveGift(amount);
      expect(await within(dialog).findByText('Please enter a valid amount'), amount).toBeTruthy();
    }
    expect(calls.some((c) => c.call === 'userGift')).toBe(false);
    await giveGift('88.50');
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'userGift')?.body).toMatchObject({ id: 5, amount: '88.50', wallet: 'money', reason: 'Birthday bonus' }),
    );
  }, 90_000);
});
