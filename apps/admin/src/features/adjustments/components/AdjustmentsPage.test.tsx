import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { AdjustmentsPage } from './AdjustmentsPage';

const row = (id: number, requester: number, amount: string) => ({
  id,
  user_id: 5,
  username: 'alice',
  wallet: 'money',
  amount,
  reason_code: 'chargeback',
  public_text: 'Deposit charged back',
  note: 'Bank case 77',
  gift_ledger_id: null,
  status: 0,
  ledger_id: 3,
  requested_by: { id: requester, username: requester === 1 ? 'fin' : 'other' },
  decided_by: null,
  decision_note: '',
  createtime: 1_700_000_000,
  decidetime: null,
});

beforeEach(() => session.set('op-token'));

describe('the adjustments queue', () => {
  it("lists the adjustments awaiting a second operator; approves and rejects another's, never the operator's own", async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'fin', role: 'finance' }),
      adjustmentList: () => ok({ total: 2, list: [row(11, 2, '-2000.00'), row(10, 1, '1500.00')], approval_above: '1000.00' }),
      adjustmentApprove: (b) => ok({ id: b.id, status: 1, ledger_id: 3, balance: '0.00' }),
      adjustmentReject: (b) => ok({ id: b.id, status: 2, ledger_id: 3, balance: '2000.00' }),
    });
    renderScreen(<AdjustmentsPage />);
    expect(await screen.findByText('Adjustments above 1000.00 u wait here for a second operator to approve or reject.')).toBeTruthy();
    const [, theirs, mine] = await screen.findAllByRole('row');
    expect(within(mine!).getByText('Yours: another operator decides')).toBeTruthy();
    expect(within(mine!).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(theirs!).getByText('-2000.00')).toBeTruthy();
    expect(within(theirs!).getByText('Bank case 77')).toBeTruthy();

    await userEvent.click(within(theirs!).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Rejecting refunds the amount to the player's balance")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please enter a reason')).toBeTruthy();
    expect(calls.some((c) => c.call === 'adjustmentReject')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Chargeback withdrawn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'adjustmentReject')?.body).toMatchObject({ id: 11, reason: 'Chargeback withdrawn' }));

    await userEvent.click(within(theirs!).getByRole('button', { name: 'Approve' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'adjustmentApprove')?.body).toMatchObject({ id: 11 }));
    expect(calls.find((c) => c.call === 'adjustmentList')?.body).toMatchObject({ status: 0 });
  }, 90_000);
});
