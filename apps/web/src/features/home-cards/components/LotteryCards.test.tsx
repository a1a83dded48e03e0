import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { fail, fakeApi, ok, screenAt } from '../../../test/render';
import { homeHeartQuery } from '../../../lib/api/lottery';
import { LotteryCards } from './LotteryCards';

const game = (game_id: number, patch: Record<string, unknown> = {}) => ({
  game_id,
  name: `g${game_id}`,
  game_status: 1,
  order_count: game_id * 10,
  last_issue: { issue: '20250101000', site_1: 9, site_2: 9, site_3: 9, code: 27 },
  issue: '20250101001',
  whether_close: false,
  openTime: 95,
  closeTime: 65,
  ...patch,
});

describe('LotteryCards', () => {
  it('shows the five games in spec order with their round, tag, countdown, real bet count and padded codes', async () => {
    const api = fakeApi({
      '/api/Lottery/heart': () => ok({ games: [game(1), game(2), game(5, { whether_close: true, closeTime: 0 }), game(6), game(7)], hit_notice: [] }),
      '/api/Lottery/issueList': (body) =>
        ok(
          body.game_id === 7
            ? [
                { id: 3, issue: '20250101000', code: 27 },
                { id: 2, issue: '20241231999', code: 4 },
              ]
            : [],
        ),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/', <LotteryCards />);
    const cards = await screen.findAllByTestId('lottery-card');
    expect(cards.map((c) => c.getAttribute('data-game'))).toEqual(['7', '6', '5', '2', '1']);
    const us = within(cards[0]!);
    expect(await us.findByText('Round 20250101001')).toBeTruthy();
    expect(us.getByTestId('card-tag').textContent).toBe('Betting');
    expect(us.getByTestId('card-countdown').textContent).toMatch(/^01:3[45]$/);
    expect(us.getByTestId('card-orders').textContent).toBe('Bets this round: 70');
    await within(us.getByTestId('card-codes')).findByText('27');
    const codes = us.getByTestId('card-codes').querySelectorAll('.lc-code');
    expect(codes).toHaveLength(36);
    expect([...codes].filter((c) => c.classList.contains('lc-code-empty'))).toHaveLength(34);
    expect(codes[0]!.classList.contains('lc-code-big')).toBe(true);
    expect(codes[1]!.classList.contains('lc-code-small')).toBe(true);
    expect(within(cards[2]!).getByTestId('card-tag').textContent).toBe('Closed');
    // One heartbeat request for all five cards.
    expect(api.calls.filter((c) => c.path === '/api/Lottery/heart')).toHaveLength(1);
  });

  it('says "retrying…" whenever the live data cannot be read, also after a first success, and keeps the last round on the cards', async () => {
    let down = false;
    const api = fakeApi({
      '/api/Lottery/heart': () => (down ? fail('Service unavailable', 0, 503) : ok({ games: [game(1), game(2), game(5), game(6), game(7)], hit_notice: [] })),
      '/api/Lottery/issueList': () => ok([]),
    });
    configureApiClient({ fetch: api.fetch });
    const { queryClient } = screenAt('/', <LotteryCards />);
    const cards = await screen.findAllByTestId('lottery-card');
    expect(await within(cards[0]!).findByText('Round 20250101001')).toBeTruthy();
    expect(screen.queryByText(/retrying/)).toBeNull();
    // The next poll fails: the cards keep the last round, and say it is not live.
    down = true;
    await act(() => queryClient.refetchQueries({ queryKey: homeHeartQuery().queryKey }));
    expect(await screen.findByText('Live data is unavailable right now; retrying…')).toBeTruthy();
    expect(within(screen.getAllByTestId('lottery-card')[0]!).getByText('Round 20250101001')).toBeTruthy();
    // Back: the line goes.
    down = false;
    await act(() => queryClient.refetchQueries({ queryKey: homeHeartQuery().queryKey }));
    await waitFor(() => expect(screen.queryByText(/retrying/)).toBeNull());
  });
});
