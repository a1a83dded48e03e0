import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, ok, renderRoutes } from '../../../test/render';
import { setOperatorZone } from '../../../lib/format';
import { WithdrawalQueue, type WithdrawalRow } from './WithdrawalQueue';
import type { WithdrawalRisk } from '../api/withdrawRisk';

const DAY = 86_400;
const requested = 1_780_000_000;
const withdrawal: WithdrawalRow = {
  id: 9,
  user_id: 8,
  username: 'bob',
  real_name: 'Bob Lee',
  idcard: 'B7654321',
  amount: '150.00',
  type: 0,
  account: { type: 0, acc: 'Bob Lee', acc_name: '6222020200112233', acc_bank: 'ICBC', mark: '' },
  status: 0,
  reason: '',
  createtime: requested,
  reviewtime: null,
  account_changed_at: null,
  holder_check: null,
};
const risky: WithdrawalRisk = {
  id: 9,
  user_id: 8,
  deposits: '500.00',
  deposit_count: 2,
  turnover: '120.00',
  bonus: { amount: '75.00', required: '225.00', staked: '100.00', left: '125.00' },
  account_since: requested - 3 * DAY - 600,
  shared: {
    count: 2,
    players: [
      { user_id: 20, username: 'm***y', via: ['device'] },
      { user_id: 21, username: 't***e', via: ['ip', 'device'] },
    ],
  },
};
const calm: WithdrawalRisk = { ...risky, deposits: '100.00', deposit_count: 1, turnover: '900.00', bonus: null, shared: { count: 0, players: [] } };

beforeEach(() => setOperatorZone('Asia/Shanghai'));

/** The queue with `row` pending (and its risk facts) at /queues/withdrawals, the player's page one link away. */
async function showQueue(rows: WithdrawalRow[], risks: Record<number, WithdrawalRisk>) {
  const fake = fakeServer({
    queueCounts: () => ok({ deposits: 0, withdrawals: rows.length, real_names: 0 }),
    withdrawList: (b) => ok(b.status === 0 ? rows : []),
    withdrawRisk: (b) => ok(risks[Number(b.id)]),
    withdrawApprove: (b) => ok({ id: b.id, status: 1 }),
  });
  const view = renderRoutes(
    [
      { path: '/queues/withdrawals', element: <WithdrawalQueue /> },
      { path: '/users/:id', element: <p>player page</p> },
    ],
    '/queues/withdrawals',
  );
  return { ...fake, ...view };
}
const rowOf = async (player: string) => (await screen.findByText(player)).closest('tr')!;

describe('withdrawal review, the risk facts', () => {
  it('shows deposits against turnover, a bonus still wagering, the account’s age and the players sharing an address or device', async () => {
    const { calls } = await showQueue([withdrawal], { 9: risky });
    const row = await rowOf('bob (#8)');
    const facts = await within(row).findByTestId('withdrawal-risk');
    expect(calls.find((c) => c.call === 'withdrawRisk')?.body).toMatchObject({ id: 9 });
    expect(facts.textContent).toContain('Deposits 500.00 (2) · Turnover 120.00');
    expect(within(facts).getByText('Played less than deposited')).toBeTruthy();
    expect(within(facts).getByTestId('risk-bonus').textContent).toBe('Bonus 75.00 still wagering: 125.00 of 225.00 left');
    expect(within(facts).getByText('Account bound 3 days before the request')).toBeTruthy();
    const shared = within(facts).getByTestId('risk-shared');
    expect(within(shared).getByText('2 other players share an address or device')).toBeTruthy();
    expect(shared.textContent).toContain('m***y (#20) · device');
    expect(shared.textContent).toContain('t***e (#21) · address, device');
    expect(within(shared).getByRole('link', { name: 't***e (#21)' }).getAttribute('href')).toBe('/users/21');
  });

  it('keeps quiet where there is nothing to weigh, and marks an account bound the same day', async () => {
    await showQueue([withdrawal], { 9: { ...calm, account_since: requested - 3600 } });
    const facts = await within(await rowOf('bob (#8)')).findByTestId('withdrawal-risk');
    expect(within(facts).queryByText('Played less than deposited')).toBeNull();
    expect(within(facts).queryByTestId('risk-bonus')).toBeNull();
    expect(within(facts).getByText('Account bound less than a day before the request')).toBeTruthy();
    expect(within(facts).getByText('No other player on its addresses or devices')).toBeTruthy();
  });

  it('links the request to the player’s page', async () => {
    const { router } = await showQueue([withdrawal], { 9: calm });
    await userEvent.click(within(await rowOf('bob (#8)')).getByRole('link', { name: 'bob (#8)' }));
    expect(await screen.findByText('player page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users/8');
  });
});

describe('withdrawal review, approving', () => {
  it('restates the amount, the card and its holder before approving', async () => {
    const { calls } = await showQueue([withdrawal], { 9: calm });
    await userEvent.click(within(await rowOf('bob (#8)')).getByRole('button', { name: 'Approve' }));
    const detail = await screen.findByTestId('approve-detail');
    expect(detail.textContent).toBe('Approve only once paid out:Amount: 150.00Account: Bank card ICBC 6222020200112233Holder: Bob Lee');
    expect(calls.some((c) => c.call === 'withdrawApprove')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'withdrawApprove')?.body).toMatchObject({ id: 9 }));
  });

  it('restates a wallet’s network and address, with the player’s name as its holder', async () => {
    const wallet: WithdrawalRow = {
      ...withdrawal,
      type: 1,
      account: { type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', acc_name: 'trc20', acc_bank: '', mark: '' },
    };
    await showQueue([wallet], { 9: calm });
    await userEvent.click(within(await rowOf('bob (#8)')).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByTestId('approve-detail')).textContent).toBe(
      'Approve only once paid out:Amount: 150.00Account: Wallet TRC20 TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSEHolder: Bob Lee',
    );
  });
});
