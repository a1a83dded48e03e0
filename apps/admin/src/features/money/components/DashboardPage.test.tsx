import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

const figures = (deposits: string) => ({
  deposits,
  withdrawals: '300.00',
  gifts: '20.00',
  stakes: '5000.00',
  payouts: '4700.00',
  house: '300.00',
  adjustment_credits: '45.00',
  adjustment_debits: '12.50',
  players: 12,
});

const costs = (commission: string) => ({
  commission,
  rakeback: '12.50',
  first_deposit_bonus: '75.00',
  check_in: '3.00',
  bonus_released: '40.00',
  bonus_forfeited: '7.25',
  red_packets: '0.00',
});

beforeEach(() => session.set('op-token'));

/** The value shown under a statistic's title inside `card`. */
const statistic = (card: HTMLElement, title: string) =>
  within(card)
    .getByText(title, { selector: '.ant-statistic-title, .ant-statistic-title *' })
    .closest('.ant-statistic')!
    .querySelector('.ant-statistic-content')!.textContent;

describe('the money dashboard', () => {
  it("shows today's figures, the last 30 days by default, and the period chosen; today's come with the period that holds today", async () => {
    const { calls } = fakeServer({
      moneySummary: (b) =>
        ok(
          b.begin_date === undefined && b.last_days === undefined
            ? { totals: figures('1000.00'), costs: costs('20.00'), net_after_rewards: '189.50', days: [] }
            : {
                totals: figures(b.begin_date === '2026-05-01' ? '777.00' : '9000.00'),
                costs: costs(b.begin_date === '2026-05-01' ? '1.00' : '2345.00'),
                net_after_rewards: b.begin_date === '2026-05-01' ? '208.50' : '-2135.50',
                days: [{ day: String(b.begin_date), ...figures('777.00') }],
                // A period up to today answers today's figures too (the server computes them once).
                ...(b.last_days !== undefined || b.end_date === dayjs().format('YYYY-MM-DD')
                  ? { today: { totals: figures('1000.00'), costs: costs('20.00'), net_after_rewards: '189.50' } }
                  : {}),
              },
        ),
    });
    renderScreen(<DashboardPage />);
    const today = (await screen.findByText('Today')).closest('.ant-card') as HTMLElement;
    const period = screen.getByText('Period').closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(statistic(today, 'Deposits')).toBe('1,000.00'));
    await waitFor(() => expect(statistic(period, 'Deposits')).toBe('9,000.00'));
    // The balance adjustments credited and debited, their own figures in both cards.
    expect(['Adjustments credited', 'Adjustments debited'].map((title) => [statistic(today, title), statistic(period, title)])).toEqual([
      ['45.00', '45.00'],
      ['12.50', '12.50'],
    ]);
    // The rewards and commissions paid, each ledger type on its own line, in both cards.
    expect(within(today).getByText('Rewards and commissions paid')).toBeTruthy();
    expect(
      ['Commissions', 'Rakeback', 'First-deposit bonuses', 'Check-in rewards', 'Bonuses to balance (not a new cost)', 'Bonuses forfeited (given back)'].map(
        (title) => [statistic(today, title), statistic(period, title)],
      ),
    ).toEqual([
      ['20.00', '2,345.00'],
      ['12.50', '12.50'],
      ['75.00', '75.00'],
      ['3.00', '3.00'],
      ['40.00', '40.00'],
      ['7.25', '7.25'],
    ]);
    // The house's result net of the rewards granted, in both cards, with what it leaves out said beside it.
    expect([statistic(today, 'Net after rewards'), statistic(period, 'Net after rewards')]).toEqual(['189.50', '-2,135.50']);
    for (const card of [today, period]) {
      expect(within(card).getByTestId('money-net').textContent).toContain(
        'House result minus commissions, rakeback, check-in rewards and first-deposit bonuses granted, plus the bonuses players forfeited (what was left of them and what they won, given back). A bonus moved to the balance is not subtracted again',
      );
      expect(within(card).getByTestId('money-net').textContent).toContain('Balance adjustments count here too: a credit comes off, a debit is added back');
    }
    // One call, the last 30 days (the server's today): its answer filled the today card as well.
    expect(calls.filter((c) => c.call === 'moneySummary').map((c) => c.body)).toEqual([{ lang: 'en', last_days: 30 }]);
    const [from, to] = within(period).getAllByRole('textbox') as HTMLInputElement[];
    expect([from!.value, to!.value]).toEqual([dayjs().subtract(29, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);

    fireEvent.mouseDown(from!);
    fireEvent.change(from!, { target: { value: '2026-05-01' } });
    fireEvent.keyDown(from!, { key: 'Enter', code: 'Enter' });
    fireEvent.change(to!, { target: { value: '2026-05-10' } });
    fireEvent.keyDown(to!, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(statistic(period, 'Deposits')).toBe('777.00'));
    expect(statistic(period, 'Commissions')).toBe('1.00');
    expect(statistic(period, 'Net after rewards')).toBe('208.50');
    // A period without today leaves the today card as it was.
    expect(statistic(today, 'Deposits')).toBe('1,000.00');
    expect(calls.filter((c) => c.call === 'moneySummary').at(-1)?.body).toEqual({ lang: 'en', begin_date: '2026-05-01', end_date: '2026-05-10' });
  }, 60_000);

  it('asks for today on its own when the period does not answer it', async () => {
    const { calls } = fakeServer({
      moneySummary: (b) =>
        ok(
          b.last_days === undefined
            ? { totals: figures('1000.00'), costs: costs('20.00'), net_after_rewards: '189.50', days: [] }
            : { totals: figures('9000.00'), costs: costs('2345.00'), net_after_rewards: '-2135.50', days: [] },
        ),
    });
    renderScreen(<DashboardPage />);
    const today = (await screen.findByText('Today')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(statistic(today, 'Deposits')).toBe('1,000.00'));
    expect(calls.filter((c) => c.call === 'moneySummary').map((c) => c.body)).toEqual([{ lang: 'en', last_days: 30 }, { lang: 'en' }]);
  }, 60_000);

  it('draws every day of the period, the one day with play at the figures its cards count', async () => {
    const played = dayjs().subtract(3, 'day').format('YYYY-MM-DD');
    const totals = {
      deposits: '0.00',
      withdrawals: '0.00',
      gifts: '0.00',
      stakes: '360.00',
      payouts: '410.00',
      house: '-50.00',
      adjustment_credits: '0.00',
      adjustment_debits: '0.00',
      players: 2,
    };
    fakeServer({
      moneySummary: () => ok({ totals, costs: costs('0.00'), net_after_rewards: '-50.00', days: [{ day: played, ...totals }] }),
    });
    renderScreen(<DashboardPage />);
    const chart = await screen.findByRole('img', { name: 'Stakes, payouts and house result' });
    // Thirty days on the axis, a point for each and each series, the day of play off the zero line.
    const stakes = [...chart.querySelectorAll('[data-series="stakes"] circle')].map((c) => Number(c.getAttribute('cy')));
    expect(stakes).toHaveLength(30);
    const zero = Math.max(...stakes);
    expect(stakes.filter((y) => y < zero)).toHaveLength(1);
    expect(stakes.indexOf(Math.min(...stakes))).toBe(26);
    const house = [...chart.querySelectorAll('[data-series="house"] circle')].map((c) => Number(c.getAttribute('cy')));
    expect(house[26]).toBeGreaterThan(zero);
  }, 60_000);
});
