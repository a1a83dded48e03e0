/** /fair's accepted-bets check (docs/design.md#the-accepted-bets-list): the list fetched page by page, hashed in the browser, compared, and one's own row found. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptedBetsHash, type AcceptedBetRow } from '@lucky28/shared/game';
import { configureApiClient } from '../../../lib/api';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { FairScreen } from './FairScreen';

const ISSUE = '20251231480';
const ROOM = 12;
const rows: AcceptedBetRow[] = Array.from({ length: 701 }, (_, i) => ({
  order_no: `2025123123593${String(i).padStart(7, '0')}`,
  nickname: i % 2 ? 'a***e' : '王***明',
  class: i % 3 ? 1 : 113,
  amount: `${i + 1}.50`,
}));
const HASH = acceptedBetsHash({ gameId: 2, issue: ISSUE, roomId: ROOM }, rows);

const round = {
  game_id: 2,
  issue: ISSUE,
  opens_at: 1,
  closes_at: 2,
  draws_at: 3,
  drawn: false,
  seed: null,
  hash: 'ab'.repeat(32),
  prev_hash: null,
  numbers: null,
  digits: null,
  total: null,
  chain: { id: 1, index: 5, length: 10, terminal_hash: 'cd'.repeat(32) },
  algorithm: 'seed = c(k)',
};
const hall = {
  gameList: [
    {
      id: 2,
      name: 'Canada 28',
      tab_index: 1,
      game_status: 1,
      open_from: null,
      open_to: null,
      planList: [ROOM, 13].map((id, type) => ({ id, game_id: 2, type, title: `Room ${id}`, min_limit: '10.00', join_limit: '10.00', robot_num: 0 })),
    },
  ],
  round_seconds: 210,
  close_before_seconds: 30,
  time_zone: 'Asia/Shanghai',
};

function open(list: { built: boolean; rows: AcceptedBetRow[]; hash: string | null }, path = `/fair?game_id=2&issue=${ISSUE}&plan_id=${ROOM}`) {
  const api = fakeApi({
    '/api/fair/round': () => ok(round),
    '/api/fair/chain': () => ok({ game_id: 2, chain_id: 1, terminal_hash: 'cd'.repeat(32), chains: [] }),
    '/api/Lottery/issueList': () => ok([]),
    '/api/Lottery/index': () => ok(hall),
    '/api/fair/acceptedBets': (q) => {
      const page = Number(q.page);
      const limit = Number(q.limit);
      return ok({
        game_id: 2,
        plan_id: Number(q.plan_id),
        issue: ISSUE,
        built: list.built,
        count: list.built ? rows.length : null,
        hash: list.hash,
        page,
        limit,
        rows: list.built ? list.rows.slice((page - 1) * limit, page * limit) : [],
      });
    },
  });
  configureApiClient({ fetch: api.fetch });
  screenAt('/fair', <FairScreen />, path);
  return api;
}

/** How long the screen may take to answer on a busy machine (not a speed target). */
const LOADED = { timeout: 10_000 };

const check = async () => {
  fireEvent.click(await screen.findByTestId('fair-bets-check', {}, LOADED));
  return waitFor(() => {
    const verdict = screen.getByTestId('fair-bets-verdict');
    expect(verdict).toBeTruthy();
    return verdict;
  }, LOADED);
};

describe('checking an accepted-bets list on /fair', () => {
  beforeAll(() => loadGameTexts());

  it('fetches the linked room’s list page by page, finds it matches its hash, and finds the player’s own row', async () => {
    const api = open({ built: true, rows, hash: HASH });
    const verdict = await check();
    expect(verdict.getAttribute('data-state')).toBe('match');
    expect(verdict.textContent).toContain('The list matches its hash');
    expect(screen.getByTestId('fair-bets-hash').textContent).toBe(HASH);
    const pages = api.calls.filter((c) => c.path === '/api/fair/acceptedBets');
    expect(pages.map((c) => [c.body.plan_id, c.body.page, c.body.limit])).toEqual([
      [String(ROOM), '1', '500'],
      [String(ROOM), '2', '500'],
    ]);

    const input = screen.getByTestId('fair-bets-order').querySelector('input')!;
    fireEvent.change(input, { target: { value: rows[600]!.order_no } });
    expect(screen.getByTestId('fair-bets-own').textContent).toBe('In the list: 王***明, Sum 13, 601.50');
    fireEvent.change(input, { target: { value: '123' } });
    expect(screen.getByTestId('fair-bets-own').textContent).toBe('This order number is not in the list');
  });

  const tampered: [string, AcceptedBetRow[]][] = [
    ['an edited amount', rows.map((r, i) => (i === 650 ? { ...r, amount: '9999.00' } : r))],
    ['an added row', [...rows.slice(0, 10), { order_no: '1', nickname: 'x*', class: 2, amount: '1.00' }, ...rows.slice(10)]],
    ['a removed row', rows.slice(1)],
  ];
  it.each(tampered)('says mismatch for a list with %s', async (_, list) => {
    open({ built: true, rows: list, hash: HASH });
    expect((await check()).getAttribute('data-state')).toBe('mismatch');
    expect(screen.getByTestId('fair-bets-verdict').textContent).toContain('The list does not match its hash');
  });

  it('says when the list is not out yet, and checks the room picked', async () => {
    const api = open({ built: false, rows: [], hash: null }, `/fair?game_id=2&issue=${ISSUE}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Intermediate' }, LOADED));
    expect((await check()).getAttribute('data-state')).toBe('not-built');
    expect(screen.getByTestId('fair-bets-verdict').textContent).toBe("This room's list is published when betting on the round closes.");
    expect(api.calls.find((c) => c.path === '/api/fair/acceptedBets')?.body.plan_id).toBe('13');
  });
});
