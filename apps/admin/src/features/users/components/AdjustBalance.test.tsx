import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import type { UserDetail } from '../api/users';
import { AdjustBalance } from './AdjustBalance';

const player = { id: 5, username: 'alice', group_id: 1, frozen: false, has_security_code: false } as UserDetail;
const list = () => ok({ total: 0, list: [], approval_above: '1000.00' });

beforeEach(() => session.set('op-token'));

async function fill(dialog: HTMLElement, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const field = within(dialog).getByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, value);
  }
}

describe('the adjust-balance dialog', () => {
  it('says the four-eyes amount, refuses a bad amount and a missing public text on their fields, then sends a debit as typed', async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'fin', role: 'finance' }),
      adjustmentList: list,
      userAdjust: () => ok({ id: 7, status: 0, ledger_id: 9, balance: '300.00' }),
    });
    renderScreen(<AdjustBalance user={player} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Above 1000.00 u a second operator must approve/)).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Deposit charged back'));
    await fill(dialog, { Amount: '-5' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Please enter a valid amount')).toBeTruthy();
    await fill(dialog, { Amount: '200' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Enter the text the player will see')).toBeTruthy();
    expect(calls.some((c) => c.call === 'userAdjust')).toBe(false);
    await fill(dialog, { 'Text the player sees': 'Deposit charged back', 'Note for operators only': 'Bank case 77' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'userAdjust')?.body).toMatchObject({
        id: 5,
        direction: 'debit',
        amount: '200',
        wallet: 'money',
        reason_code: 'chargeback',
        public_text: 'Deposit charged back',
        note: 'Bank case 77',
      }),
    );
    expect(await screen.findByText('Awaiting a second operator')).toBeTruthy();
  }, 90_000);

  it('asks a gift reversal for the gift it names, and sends it', async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'fin', role: 'finance' }),
      adjustmentList: list,
      userAdjust: () => ok({ id: 8, status: 1, ledger_id: 10, balance: '20.00' }),
    });
    renderScreen(<AdjustBalance user={player} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Reverse a mistaken gift'));
    await fill(dialog, { Amount: '80', 'Text the player sees': 'Gift sent by mistake' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText("A gift reversal names the gift's ledger entry")).toBeTruthy();
    await fill(dialog, { "Gift's ledger entry ID": '42' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'userAdjust')?.body).toMatchObject({ reason_code: 'gift_reversal', gift_ledger_id: '42', amount: '80' }),
    );
  }, 90_000);

  it('is not offered to support, nor for a guest', async () => {
    fakeServer({ me: () => ok({ id: 2, username: 'sue', role: 'support' }) });
    const { unmount } = renderScreen(<AdjustBalance user={player} />);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull());
    unmount();
    fakeServer({ me: () => ok({ id: 1, username: 'fin', role: 'finance' }) });
    renderScreen(<AdjustBalance user={{ ...player, group_id: 2 }} />);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull());
  });
});
