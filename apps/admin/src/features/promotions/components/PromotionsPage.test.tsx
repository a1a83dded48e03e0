import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { fakeServer, ok, refuse, renderScreen } from '../../../test/render';
import type { AdminPacket, Budget } from '../api/promotions';
import { PromotionsPage } from './PromotionsPage';

const T0 = 1_790_000_000;
const HASH = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const SEED = '0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff1';

const CONFIG = {
  games: [
    {
      id: 1,
      code: 'jnd28',
      enabled: true,
      open_from: null,
      open_to: null,
      exposure_cap: '0.00',
      pending: null,
      pending_from: null,
      rooms: [
        {
          id: 3,
          game_id: 1,
          type: 0,
          title: 'Beginner',
          title_i18n: { en: 'Beginner room', zh: '初级房' },
          min_limit: '1.00',
          join_limit: '0.00',
          enabled: true,
          odds: [],
          pending: null,
          pending_from: null,
        },
        {
          id: 4,
          game_id: 1,
          type: 1,
          title: 'Advanced',
          title_i18n: null,
          min_limit: '1.00',
          join_limit: '100.00',
          enabled: true,
          odds: [],
          pending: null,
          pending_from: null,
        },
      ],
    },
  ],
  next_round_at: T0,
};

const BUDGET: Budget = {
  balance: '120.00',
  movements: {
    total: 3,
    list: [
      { id: 3, kind: 'return', amount: '8.00', balance_after: '120.00', packet_id: 7, operator: null, note: '', createtime: T0 + 900 },
      { id: 2, kind: 'packet', amount: '-100.00', balance_after: '112.00', packet_id: 7, operator: 'olga', note: '', createtime: T0 + 60 },
      { id: 1, kind: 'top_up', amount: '212.00', balance_after: '212.00', packet_id: null, operator: 'olga', note: 'Lunar new year', createtime: T0 },
    ],
  },
};

const PACKET: AdminPacket = {
  id: 7,
  plan_id: 3,
  total: '100.00',
  shares: 10,
  claimed: 2,
  wallet: 'bonus',
  wager_multiple: 3,
  min_at_risk: '50.00',
  at_risk_days: 7,
  greeting: 'Happy new year',
  opens_at: T0 + 60,
  closes_at: T0 + 660,
  status: 'expired',
  seed_hash: HASH,
  seed: SEED,
  claims_hash: 'c'.repeat(64),
  claims: [
    { claim_no: 1, nickname: 'a***e', share: '12.34' },
    { claim_no: 2, nickname: 'b***b', share: '79.66' },
  ],
  my_share: null,
  paid: '92.00',
  returned: '8.00',
  created_by: 'olga',
  createtime: T0 + 60,
  claimants: [
    { claim_no: 1, user_id: 5, username: 'alice', share: '12.34', createtime: T0 + 120 },
    { claim_no: 2, user_id: 6, username: 'bob', share: '79.66', createtime: T0 + 180 },
  ],
};

const ADMIN = { id: 1, username: 'olga', role: 'admin', time_zone: 'UTC' };
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const under = (label: string | RegExp) => within(screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement);
const sent = (calls: { call: string; body: Record<string, unknown> }[], name: string) => calls.filter((c) => c.call === name).map((c) => c.body);
async function choose(field: string | RegExp, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(field));
  fireEvent.click(await screen.findByTitle(option));
}

beforeEach(() => session.set('op-token'));
afterEach(async () => {
  await changeLanguage('en');
});

describe('the promotions budget', () => {
  it('shows its balance and its movements newest first, each in words, and adds to it with a note', async () => {
    let budget = BUDGET;
    const { calls } = fakeServer({
      me: () => ok(ADMIN),
      gameConfig: () => ok(CONFIG),
      redPacketList: () => ok({ total: 0, list: [] }),
      promotionBudget: () => ok(budget),
      promotionBudgetTopUp: (b) => {
        budget = {
          balance: '620.00',
          movements: {
            total: 4,
            list: [
              {
                id: 4,
                kind: 'top_up',
                amount: '500.00',
                balance_after: '620.00',
                packet_id: null,
                operator: 'olga',
                note: String(b.note),
                createtime: T0 + 1000,
              },
              ...BUDGET.movements.list,
            ],
          },
        };
        return ok(budget);
      },
    });
    renderScreen(<PromotionsPage />);
    await waitFor(() => expect(screen.getByTestId('budget-balance').textContent).toContain('120.00'));
    fireEvent.click(screen.getByRole('tab', { name: 'Budget movements' }));
    const rows = within(await screen.findByTestId('budget-movements'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Red packet #7 closed: what it left unclaimed returned+8.00120.00'),
      expect.stringContaining('Red packet #7 dropped-100.00112.00'),
      expect.stringContaining('Added to the budget by olga: Lunar new year+212.00212.00'),
    ]);
    expect(calls.find((c) => c.call === 'promotionBudget')?.body).toMatchObject({ page: 1, limit: 20 });

    fireEvent.click(screen.getByTestId('budget-add'));
    const dialog = await screen.findByRole('dialog');
    // Three decimals are not an amount: refused under the amount, nothing sent.
    type('Amount', '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await under('Amount').findByText('Please enter a valid amount')).toBeTruthy();
    expect(sent(calls, 'promotionBudgetTopUp')).toHaveLength(0);

    type('Amount', '500');
    type('Note', 'Mid-autumn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent(calls, 'promotionBudgetTopUp')).toEqual([{ lang: 'en', amount: '500', note: 'Mid-autumn' }]));
    await waitFor(() => expect(screen.getByTestId('budget-balance').textContent).toContain('620.00'));
    expect(await screen.findByText('Added to the budget by olga: Mid-autumn')).toBeTruthy();
  }, 90_000);

  it("shows the server's refusal of a top-up under the field it names", async () => {
    const msg = 'The amount is too large';
    const { calls } = fakeServer({
      me: () => ok(ADMIN),
      gameConfig: () => ok(CONFIG),
      redPacketList: () => ok({ total: 0, list: [] }),
      promotionBudget: () => ok(BUDGET),
      promotionBudgetTopUp: () => ({ body: { ...refuse(msg).body, field: 'amount' } }),
    });
    renderScreen(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId('budget-add'));
    const dialog = await screen.findByRole('dialog');
    type('Amount', '999999.99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await under('Amount').findByText(msg)).toBeTruthy();
    expect(under('Note').queryByText(msg)).toBeNull();
    expect(sent(calls, 'promotionBudgetTopUp')).toHaveLength(1);
  }, 90_000);

  it('lets a finance operator read the budget and the packets but neither add to it nor drop one', async () => {
    fakeServer({
      me: () => ok({ ...ADMIN, role: 'finance' }),
      gameConfig: () => ok(CONFIG),
      redPacketList: () => ok({ total: 1, list: [PACKET] }),
      promotionBudget: () => ok(BUDGET),
    });
    renderScreen(<PromotionsPage />);
    expect(await screen.findByText('Beginner room (#3)')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('budget-balance').textContent).toContain('120.00'));
    expect(screen.queryByTestId('budget-add')).toBeNull();
    expect(screen.queryByTestId('packet-drop')).toBeNull();
  });
});

describe('dropping a red packet', () => {
  const server = (drop: (b: Record<string, unknown>) => { status?: number; body: unknown }) =>
    fakeServer({
      me: () => ok(ADMIN),
      gameConfig: () => ok(CONFIG),
      redPacketList: () => ok({ total: 0, list: [] }),
      promotionBudget: () => ok(BUDGET),
      redPacketDrop: drop,
    });

  it("refuses a drop larger than the budget under the total, in the server's words", async () => {
    const msg = 'The promotions budget holds only 120.00 u';
    const { calls } = server(() => ({ body: { ...refuse(msg).body, field: 'total' } }));
    renderScreen(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId('packet-drop'));
    await screen.findByTestId('drop-form');
    await choose('Room', 'Beginner room · jnd28 (#3)');
    type('Total', '900');
    type('Number of shares', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Drop' }));
    expect(await under('Total').findByText(msg)).toBeTruthy();
    expect(under('Number of shares').queryByText(msg)).toBeNull();
    expect(sent(calls, 'redPacketDrop')).toEqual([{ lang: 'en', plan_id: 3, total: '900', shares: 10, wallet: 'cash', window_minutes: 10, greeting: '' }]);
    // Edited, the refusal goes.
    type('Total', '100');
    await waitFor(() => expect(under('Total').queryByText(msg)).toBeNull());
  }, 90_000);

  it('checks the fields as the server does before sending: the room, a total too small for its shares, money at risk without its days', async () => {
    const { calls } = server(() => ok(PACKET));
    renderScreen(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId('packet-drop'));
    await screen.findByTestId('drop-form');
    type('Total', '0.05');
    type('Number of shares', '10');
    fireEvent.click(screen.getByLabelText('Members with money at risk'));
    await screen.findByLabelText('Least money at risk');
    type('Least money at risk', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Drop' }));
    expect(await under('Room').findByText('Choose the room')).toBeTruthy();
    expect(await under('Total').findByText('The total must be at least 0.01 u per share (0.10 u)')).toBeTruthy();
    expect(await under('Over the last (days)').findByText('Enter the money at risk and its days (1 to 90) together')).toBeTruthy();
    expect(sent(calls, 'redPacketDrop')).toHaveLength(0);

    // In Vietnamese, the same refusal in that language.
    await changeLanguage('vi');
    fireEvent.click(screen.getByRole('button', { name: 'Phát' }));
    expect(await under('Tổng').findByText('Tổng phải ít nhất 0.01 u mỗi phần (0.10 u)')).toBeTruthy();
    expect(sent(calls, 'redPacketDrop')).toHaveLength(0);
  }, 90_000);

  it('drops a bonus packet for members with money at risk, opening at a time picked in the operator zone', async () => {
    const { calls } = server(() => ok({ ...PACKET, status: 'scheduled', claimed: 0, claimants: [], claims: [], seed: null, claims_hash: null }));
    renderScreen(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId('packet-drop'));
    await screen.findByTestId('drop-form');
    await choose('Room', 'Advanced · jnd28 (#4)');
    type('Total', '100.50');
    type('Number of shares', '20');
    fireEvent.click(screen.getByLabelText('Bonus (to stored funds)'));
    await screen.findByLabelText('Wagering multiple');
    type('Wagering multiple', '3');
    fireEvent.click(screen.getByLabelText('Members with money at risk'));
    await screen.findByLabelText('Least money at risk');
    type('Least money at risk', '50');
    type('Over the last (days)', '7');
    type('Greeting', 'Happy new year');
    fireEvent.click(screen.getByLabelText('At a time'));
    await screen.findByLabelText('Opens at');
    // An hour from now, to the minute, in the operator's zone (UTC in these tests).
    const opens = Math.floor(Date.now() / 60_000) * 60 + 3600;
    type('Opens at', new Date(opens * 1000).toISOString().slice(0, 16));
    type('Claim window', '2');
    await choose('Unit', 'Hours');
    const closes = new Date((opens + 7200) * 1000).toISOString().slice(0, 16).replace('T', ' ');
    await waitFor(() => expect(screen.getByTestId('drop-closes').textContent).toBe(`Closes ${closes}. Times in UTC (UTC+00:00)`));
    fireEvent.click(screen.getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(sent(calls, 'redPacketDrop')).toHaveLength(1));
    expect(sent(calls, 'redPacketDrop')[0]).toEqual({
      lang: 'en',
      plan_id: 4,
      total: '100.50',
      shares: 20,
      wallet: 'bonus',
      wager_multiple: 3,
      min_at_risk: '50',
      at_risk_days: 7,
      opens_at: opens,
      window_minutes: 120,
      greeting: 'Happy new year',
    });
    expect(await screen.findByText('Red packet #7 dropped into the room')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('drop-form')).toBeNull());
    // The budget and the packets are read again.
    await waitFor(() => expect(sent(calls, 'promotionBudget').length).toBeGreaterThanOrEqual(2));
    expect(sent(calls, 'redPacketList').length).toBeGreaterThanOrEqual(2);
  }, 90_000);
});

describe('the packets list', () => {
  it("shows each packet's room, total, shares, claimed and returned, status and seed hash, and opens to its claims", async () => {
    fakeServer({
      me: () => ok(ADMIN),
      gameConfig: () => ok(CONFIG),
      redPacketList: () =>
        ok({
          total: 2,
          list: [
            {
              ...PACKET,
              id: 8,
              status: 'open',
              claimed: 0,
              claimants: [],
              seed: null,
              claims_hash: null,
              wallet: 'cash',
              wager_multiple: 0,
              min_at_risk: '0.00',
              at_risk_days: 0,
              paid: '0.00',
              returned: '0.00',
            },
            PACKET,
          ],
        }),
      promotionBudget: () => ok(BUDGET),
    });
    renderScreen(<PromotionsPage />);
    const row = (await screen.findByTestId('packet-claimed-7')).closest('tr')!;
    expect(within(row).getByText('Beginner room (#3)')).toBeTruthy();
    expect(within(row).getByText('100.00')).toBeTruthy();
    expect(within(row).getByText('Bonus, 3× wagering')).toBeTruthy();
    expect(within(row).getByText('At least 50.00 u at risk over 7 days')).toBeTruthy();
    expect(within(row).getByTestId('packet-claimed-7').textContent).toBe('2 of 10 · 92.00 u paid · 8.00 u returned');
    expect(within(row).getByText('Expired')).toBeTruthy();
    expect(within(row).getByTitle(HASH).textContent).toContain(HASH.slice(0, 12));
    const open = screen.getByTestId('packet-claimed-8').closest('tr')!;
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('Every member')).toBeTruthy();
    expect(within(open).getByTestId('packet-claimed-8').textContent).toBe('0 of 10 · 0.00 u paid');

    expect(screen.queryByTestId('packet-claims-7')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Claims (2)' }));
    const claims = await screen.findByTestId('packet-claims-7');
    const lines = within(claims.querySelector('.ant-table') as HTMLElement)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(lines).toEqual([
      ['1', 'alice (#5)', '12.34', '2026-09-21 14:15:20'],
      ['2', 'bob (#6)', '79.66', '2026-09-21 14:16:20'],
    ]);
    expect(within(claims).getByRole('link', { name: 'alice (#5)' }).getAttribute('href')).toBe('/users/5');
    expect(within(claims).getByText(HASH)).toBeTruthy();
    expect(within(claims).getByText(SEED)).toBeTruthy();

    fireEvent.click(within(open).getByRole('button', { name: 'Claims (0)' }));
    const none = await screen.findByTestId('packet-claims-8');
    expect(within(none).getByText('No claims yet')).toBeTruthy();
    expect(within(none).getByText('Revealed once the packet is empty or past its window')).toBeTruthy();
  }, 90_000);
});
