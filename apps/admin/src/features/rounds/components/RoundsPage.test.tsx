import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, refuse, renderScreen } from '../../../test/render';
import { RoundsPage } from './RoundsPage';

/** The open round of game `id`: its issue number carries the game, so the page shows whose round it is. */
const current = (id: number) => ({
  issue: `${id}0001`,
  opens_at: 1_780_000_000,
  closes_at: 1_780_000_190,
  draws_at: 1_780_000_210,
  hash: `commit-${id}`,
  orders: 3,
  players: 2,
  stakes: '60.00',
  by_class: [{ class: 1, name: 'Big', orders: 3, stakes: '60.00' }],
  exposure: [{ total: 14, house_worst: '-40.00', house_best: '60.00' }],
  exposure_cap: '0.00',
  exposure_reserved: '0.00',
});
const drawn = (id: number) => ({
  id: 100 + id,
  issue: `${id}0000`,
  digits: [3, 5, 6],
  total: 14,
  drawn_at: 1_780_000_000,
  hash: `hash-${id}`,
  seed: `seed-${id}`,
  orders: 4,
  stakes: '80.00',
  payouts: '120.00',
  house: '-40.00',
});

beforeEach(() => session.set('op-token'));

describe('the round monitor', () => {
  it('follows the game chosen: its current round, its recent draws and their fairness data', async () => {
    const { calls } = fakeServer({
      roundCurrent: (b) => ok(current(b.game_id as number)),
      roundList: (b) => ok({ total: 1, list: [drawn(b.game_id as number)] }),
    });
    renderScreen(<RoundsPage />);
    expect(await screen.findByText('70001')).toBeTruthy();
    expect(await screen.findByText('70000')).toBeTruthy();
    expect(calls.find((c) => c.call === 'roundCurrent')?.body).toEqual({ lang: 'en', game_id: 7 });
    expect(calls.find((c) => c.call === 'roundList')?.body).toEqual({ lang: 'en', game_id: 7, page: 1, limit: 20 });

    await userEvent.click(screen.getByRole('combobox', { name: 'Game' }));
    await userEvent.click(await screen.findByTitle('Canadian 28'));
    expect(await screen.findByText('10001')).toBeTruthy();
    expect(screen.getByText('commit-1')).toBeTruthy();
    const row = (await screen.findByText('10000')).closest('tr')!;
    expect(within(row).getByText('3+5+6=14')).toBeTruthy();
    expect(within(row).getByText('-40.00').className).toBe('money-negative');
    expect(calls.filter((c) => c.call === 'roundList').at(-1)?.body).toEqual({ lang: 'en', game_id: 1, page: 1, limit: 20 });

    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('seed-1')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Verify on the fairness page' }).getAttribute('href')).toBe('/fair?game_id=1&issue=10000'));
  }, 60_000);

  it('draws the exposure cap on the chart of the house result per total, with the fullest reservation', async () => {
    fakeServer({
      roundCurrent: (b) => ok({ ...current(b.game_id as number), exposure_cap: '1000.00', exposure_reserved: '400.00' }),
      roundList: () => ok({ total: 0, list: [] }),
    });
    // jsdom lays nothing out: the chart's container is given the size a browser would give it.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 260, width: 600, height: 260, toJSON: () => ({}) });
    try {
      renderScreen(<RoundsPage />);
      expect(await screen.findByText('400.00 / 1000.00')).toBeTruthy();
      const chart = screen.getByTestId('exposure-chart');
      await waitFor(() => expect(within(chart).getByText('Cap −1000.00')).toBeTruthy());
    } finally {
      HTMLElement.prototype.getBoundingClientRect = measure;
    }
  }, 60_000);

  it('finds a round by its issue and a bet by its order number (or says it is not there), and lists a round’s bets page by page', async () => {
    const bet = (id: number, no: string) => ({
      id,
      order_no: no,
      game_id: 7,
      game: 'Lucky 28',
      room: 'Beginner',
      issue: '70000',
      play_type: 1,
      play_name: 'Big',
      amount: '10.00',
      odds: '2.00',
      status: 1,
      whether_hit: id % 2,
      payout: id % 2 ? '20.00' : '0.00',
      profit: id % 2 ? '10.00' : '-10.00',
      createtime: 1_780_000_100,
      user_id: 5,
      username: 'alice',
      round_id: 107,
    });
    const { calls } = fakeServer({
      roundCurrent: (b) => ok(current(b.game_id as number)),
      roundList: (b) => ok({ total: 1, list: [drawn(b.game_id as number)] }),
      orderFind: (b) => (b.order_no === 'A100' ? ok(bet(1, 'A100')) : refuse('Order not found')),
      roundBets: (b) =>
        ok({
          round: { id: 107, game_id: 7, issue: '70000', total: 14, drawn_at: 1_780_000_000 },
          list: b.after === 0 ? [bet(1, 'A100'), bet(2, 'A101')] : [bet(3, 'A102')],
          next: b.after === 0 ? 2 : null,
        }),
    });
    renderScreen(<RoundsPage />);
    expect(await screen.findByText('70000')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Find a round by issue'), ' 70000 {Enter}');
    await waitFor(() =>
      expect(calls.filter((c) => c.call === 'roundList').at(-1)?.body).toEqual({ lang: 'en', game_id: 7, issue: '70000', page: 1, limit: 20 }),
    );

    await userEvent.type(screen.getByLabelText('Order number'), 'NOPE{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found');
    await userEvent.clear(screen.getByLabelText('Order number'));
    await userEvent.type(screen.getByLabelText('Order number'), 'A100{Enter}');
    const found = (await screen.findByText('Lucky 28 · 70000')).closest('.ant-descriptions')! as HTMLElement;
    expect(within(found).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/users/5');
    expect(within(found).getByText('Won')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    const row = (await screen.findByText('3+5+6=14')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Every bet of round 70000, all rooms')).toBeTruthy();
    expect(await screen.findByText('A101')).toBeTruthy();
    expect(calls.find((c) => c.call === 'roundBets')?.body).toEqual({ lang: 'en', round_id: 107, after: 0, limit: 50 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('A102')).toBeTruthy();
    expect(calls.filter((c) => c.call === 'roundBets').at(-1)?.body).toEqual({ lang: 'en', round_id: 107, after: 2, limit: 50 });
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('A101')).toBeTruthy();
  }, 60_000);
});
