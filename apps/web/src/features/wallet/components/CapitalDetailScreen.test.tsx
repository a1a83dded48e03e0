import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { CapitalDetailScreen } from './CapitalDetailScreen';

const rows = [
  { id: 3, createtime: 1_700_000_300, type: 1, gorct: 0, status: 0, quantity: '-100.00', over: '150.00', wallet: 'money', applied: true, memo: 'bank' },
  { id: 2, createtime: 1_700_000_200, type: 3, gorct: 7, status: 1, quantity: '40.00', over: '250.00', wallet: 'money', applied: true, memo: '' },
  { id: 1, createtime: 1_700_000_100, type: 0, gorct: 0, status: 0, quantity: '200.00', over: '210.00', wallet: 'money', applied: false, memo: 'usdt' },
];

describe('CapitalDetailScreen', () => {
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 1, group_id: 1 }, { remember: false }));

  it("lists today's entries with their type, game, status, signed amount and balance after", async () => {
    const api = fakeApi({ '/api/user/quantityLogList': () => ok(rows) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/capitalDetail', <CapitalDetailScreen />);
    const items = await screen.findAllByTestId('ledger-row');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Withdrawal');
    expect(items[0]!.textContent).toContain('-100.00');
    expect(items[0]!.textContent).toContain('Under review');
    expect(items[1]!.textContent).toContain('Payout');
    expect(items[1]!.textContent).toContain('America 28');
    expect(items[1]!.textContent).toContain('+40.00');
    expect(items[2]!.textContent).toContain('Not credited yet');
    expect(api.calls[0]!.body).toMatchObject({ begin_date: '', end_date: '' });
    expect(api.calls[0]!.body).not.toHaveProperty('type');
  });

  it('filters by type from the tabs and from ?type=, and shows an empty state', async () => {
    const api = fakeApi({ '/api/user/quantityLogList': (body) => ok(body.type === undefined ? rows : []) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/capitalDetail', <CapitalDetailScreen />, '/capitalDetail?type=0');
    expect(await screen.findByTestId('ledger-empty')).toBeTruthy();
    expect(api.calls[0]!.body.type).toBe(0);
    fireEvent.click(screen.getByText('All'));
    expect((await screen.findAllByTestId('ledger-row')).length).toBe(3);
    fireEvent.click(screen.getByText('Gift'));
    await waitFor(() => expect(api.calls.at(-1)!.body.type).toBe(4));
  });
});
