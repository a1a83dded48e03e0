import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../lib/session';
import { fakeServer, ok, renderScreen } from '../../test/render';
import { ReconcilePage } from './ReconcilePage';

beforeEach(() => session.set('op-token'));

describe('the reconciliation page', () => {
  it('lists every break by player, and runs again on request until the books balance', async () => {
    let broken = true;
    const { calls } = fakeServer({
      reconcile: () =>
        ok(
          broken ? { ok: false, problems: [{ userId: 7, problem: 'money_vs_ledger', detail: { money: 10_000, ledger: 9_000 } }] } : { ok: true, problems: [] },
        ),
    });
    renderScreen(<ReconcilePage />);
    const row = (await screen.findByText('Withdrawable balance differs from its ledger')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '#7' }).getAttribute('href')).toBe('/users/7');
    expect(within(row).getByText('{"money":10000,"ledger":9000}')).toBeTruthy();

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: /Run again/ }));
    expect(await screen.findByText('The books balance: no break')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Withdrawable balance differs from its ledger')).toBeNull());
    expect(calls.filter((c) => c.call === 'reconcile').map((c) => c.body)).toEqual([{ lang: 'en' }, { lang: 'en' }]);
  }, 60_000);
});
