import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVARIANT_NAMES } from '@lucky28/shared/schemas';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { ReconcilePage } from './ReconcilePage';

beforeEach(() => session.set('op-token'));

type Problem = { userId: number | null; problem: string; detail: Record<string, number | string> };
const tampered: Problem = { userId: 7, problem: 'money_vs_ledger', detail: { money: 10_000, ledger: 9_000 } };
const edited: Problem = { userId: null, problem: 'result_vs_seed', detail: { round: 12, game: 7, issue: '20250601001', total: 3 } };
const answer = (broken: boolean) => {
  const examples = (name: string): Problem[] =>
    !broken ? [] : name === 'I1_balance_equals_ledger' ? [tampered] : name === 'I7_result_from_committed_seed' ? [edited] : [];
  const invariants = INVARIANT_NAMES.map((name) => ({ name, count: examples(name).length, examples: examples(name) }));
  return { ok: !broken, invariants, problems: invariants.flatMap((i) => i.examples) };
};

describe('the reconciliation page', () => {
  it('names every invariant with its problem count, lists every break by player or round, and runs again on request', async () => {
    let broken = true;
    const { calls } = fakeServer({ reconcile: () => ok(answer(broken)) });
    renderScreen(<ReconcilePage />);
    const row = (await screen.findByText('Withdrawable balance differs from its ledger')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '#7' }).getAttribute('href')).toBe('/users/7');
    expect(within(row).getByText('{"money":10000,"ledger":9000}')).toBeTruthy();
    const roundRow = screen.getByText('Result differs from what its seed derives').closest('tr')!;
    expect(within(roundRow).getByText('Round')).toBeTruthy();
    // Each invariant by its name: the broken ones with their count, the others holding.
    const i1 = screen.getByText('I1 Each balance equals the sum of its ledger rows').closest('tr')!;
    expect(within(i1).getByText('1')).toBeTruthy();
    const i6 = screen.getByText('I6 Payout = stake × the odds stored on the bet').closest('tr')!;
    expect(within(i6).getByText('Holds')).toBeTruthy();
    expect(screen.getAllByText('Holds')).toHaveLength(INVARIANT_NAMES.length - 2);

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: /Run again/ }));
    expect(await screen.findByText('The books balance: no break')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Withdrawable balance differs from its ledger')).toBeNull());
    expect(screen.getAllByText('Holds')).toHaveLength(INVARIANT_NAMES.length);
    expect(calls.filter((c) => c.call === 'reconcile').map((c) => c.body)).toEqual([{ lang: 'en' }, { lang: 'en' }]);
  }, 60_000);
});
