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
    expect(items[1]!.textContent).toContain('American 28');
    expect(items[1]!.textContent).toContain('+40.00');
    expect(items[2]!.textContent).toContain('Not credited yet');
    const ledgerCall = api.calls.find((c) => c.path === '/api/user/quantityLogList')!;
    expect(ledgerCall.body).toMatchObject({ begin_date: '', end_date: '' });
    expect(ledgerCall.body).not.toHaveProperty('type');
  });

  it('filters by type from the tabs and from ?type=, and shows an empty state', async () => {
    const api = fakeApi({ '/api/user/quantityLogList': (body) => ok(body.type === undefined ? rows : []) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/capitalDetail', <CapitalDetailScreen />, '/capitalDetail?type=0');
    expect(await screen.findByTestId('ledger-empty')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/user/quantityLogList')!.body.type).toBe(0);
    fireEvent.click(screen.getByText('All'));
    expect((await screen.findAllByTestId('ledger-row')).length).toBe(3);
    fireEvent.click(screen.getByText('Gift'));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/user/quantityLogList').at(-1)!.body.type).toBe(4));
  });

  it('names the commission and each reward type in its tab and row, a reward with its campaign', async () => {
    const rewards = [5, 6, 7, 8, 9, 10].map((type) => ({
      id: 10 + type,
      createtime: 1_700_000_000 + type,
      type,
      gorct: 0,
      status: 1,
      quantity: type === 10 ? '-1.00' : '1.00',
      over: '1.00',
      wallet: type === 7 || type === 8 || type === 10 ? 'score' : 'money',
      applied: true,
      memo: `Campaign ${type}`,
    }));
    const api = fakeApi({ '/api/user/quantityLogList': (body) => ok(body.type === undefined ? rewards : rewards.filter((r) => r.type === body.type)) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/capitalDetail', <CapitalDetailScreen />);
    const items = await screen.findAllByTestId('ledger-row');
    const names = ['Commission', 'Rakeback', 'First-deposit bonus', 'Check-in reward', 'Bonus to balance', 'Bonus forfeited'];
    items.forEach((item, i) => expect(item.querySelector('.ledger-type')!.textContent).toContain(names[i]));
    // The referral commission's memo is not a campaign; each reward's is.
    expect(screen.getAllByTestId('ledger-campaign').map((c) => c.textContent)).toEqual([
      'Campaign 6 · ',
      'Campaign 7 · ',
      'Campaign 8 · ',
      'Campaign 9 · ',
      'Campaign 10 · ',
    ]);
    for (const [i, name] of names.entries()) {
      const tab = [...document.querySelectorAll('.adm-capsule-tabs-tab')].find((el) => el.textContent === name);
      expect(tab, name).toBeTruthy();
      fireEvent.click(tab!);
      await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/user/quantityLogList').at(-1)!.body.type).toBe(5 + i));
    }
  });

  it("shows a balance adjustment with the operator's public text, a held debit as under review", async () => {
    const adjustments = [
      {
        id: 9,
        createtime: 1_700_000_900,
        type: 12,
        gorct: 0,
        status: 0,
        quantity: '-200.00',
        over: '300.00',
        wallet: 'money',
        applied: true,
        memo: 'Deposit charged back',
      },
      {
        id: 8,
        createtime: 1_700_000_800,
        type: 12,
        gorct: 0,
        status: 1,
        quantity: '15.00',
        over: '500.00',
        wallet: 'money',
        applied: true,
        memo: 'Correction of a payout',
      },
    ];
    const api = fakeApi({ '/api/user/quantityLogList': (body) => ok(body.type === undefined || body.type === 12 ? adjustments : []) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/capitalDetail', <CapitalDetailScreen />, '/capitalDetail?type=12');
    const items = await screen.findAllByTestId('ledger-row');
    expect(api.calls.find((c) => c.path === '/api/user/quantityLogList')!.body.type).toBe(12);
    expect(document.querySelector('.adm-capsule-tabs-tab-active')!.textContent).toBe('Balance adjustment');
    expect(items[0]!.textContent).toContain('Balance adjustment');
    expect(items[0]!.textContent).toContain('Under review');
    expect(screen.getAllByTestId('ledger-adjustment-text').map((c) => c.textContent)).toEqual(['Deposit charged back · ', 'Correction of a payout · ']);
  });

  it('opens on a two-digit type from ?type= (10, a forfeited bonus)', async () => {
    const api = fakeApi({ '/api/user/quantityLogList': () => ok([]) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/capitalDetail', <CapitalDetailScreen />, '/capitalDetail?type=10');
    expect(await screen.findByTestId('ledger-empty')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/user/quantityLogList')!.body.type).toBe(10);
    expect(document.querySelector('.adm-capsule-tabs-tab-active')!.textContent).toBe('Bonus forfeited');
  });

  it("writes times and counts presets in the operator's zone, which it names", async () => {
    const api = fakeApi({
      '/api/user/quantityLogList': () => ok(rows.slice(0, 1)),
      '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 60, close_before_seconds: 10, time_zone: 'Pacific/Kiritimati' }),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/capitalDetail', <CapitalDetailScreen />);
    // 1_700_000_300 is 2023-11-14 22:18:20 UTC, the 15th at 12:18:20 on Kiritimati (UTC+14).
    expect(await screen.findByText(/2023-11-15 12:18:20/)).toBeTruthy();
    expect(screen.getByTestId('date-zone').textContent).toContain('Pacific/Kiritimati (UTC+14:00)');
    expect(screen.getByTestId('date-bar').textContent).toContain('1 record');
    fireEvent.click(screen.getByTestId('date-preset-yesterday'));
    const kiritimatiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const yesterday = new Date(Date.parse(`${kiritimatiToday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/user/quantityLogList').at(-1)!.body).toMatchObject({ begin_date: yesterday, end_date: yesterday }),
    );
    expect(screen.getByTestId('date-preset-yesterday').getAttribute('aria-pressed')).toBe('true');
  });
});
