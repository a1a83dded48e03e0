import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { roundAt, nextRoundAfter } from '../../src/domain/game/roundClock.js';
import { defaultRateLimits } from '../../src/plugins/rateLimits.js';
import { usingPostgres, callApi, gameHeart, roomHeart } from '../helpers.js';
import { balances, bet, checkLedgerInvariants, createGameApp, currentIssue, fundedUser, fund, roomOf, ROUND_MS } from './kit.js';

// 200 concurrent bets from one player: the per-player bet rate limit (tested in lotteryRoutes) would refuse most.
const { app, clock } = await createGameApp({ rateLimits: { ...defaultRateLimits, bet: false } });
const plan = await roomOf(app, 7, 0);

const countOrders = async (userId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from orders where user_id = ${userId}`))[0]!.n);
const countLedger = async (userId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from ledger where user_id = ${userId}`))[0]!.n);

describe('Lottery/playOrder', () => {
  it('accepts several classes in one request, stores the odds, debits the balance first then stored funds, and answers the entry', async () => {
    const user = await fundedUser(app, 1_500); // 15.00 money
    await fund(app, user.userId, 10_000, 'score'); // 100.00 score
    const res = await bet(app, user.token, { plan_id: plan, play_type: '1,13', money: '10' });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Bet placed');
    expect(res.data).toMatchObject({ play_type: '1,13', play_method: 'Big,Big even', quantity: '20.00', after_quantity: '95.00' });
    expect(res.data.orders.map((o: { odds: string }) => o.odds)).toEqual(['2.00', '4.60']);
    expect(await balances(app, user.userId)).toEqual({ money: 0, score: 9_500 });
    const orders = await queryRows<Record<string, unknown>>(
      app.db,
      sql`
      select play_type, amount, from_score, from_money, odds, odds_special, status from orders where user_id = ${user.userId} order by id`,
    );
    expect(
      orders.map((o) => [
        Number(o.play_type),
        Number(o.amount),
        Number(o.from_score),
        Number(o.from_money),
        Number(o.odds),
        o.odds_special === null ? null : Number(o.odds_special),
        Number(o.status),
      ]),
    ).toEqual([
      [1, 1000, 0, 1000, 200, 160, 0],
      [13, 1000, 500, 500, 460, 100, 0],
    ]);
    const ledger = await queryRows<Record<string, unknown>>(
      app.db,
      sql`
      select type, wallet, quantity, over, gorct, ref_type from ledger where user_id = ${user.userId} and type = 2 order by id`,
    );
    expect(ledger.map((l) => [Number(l.type), l.wallet, Number(l.quantity), Number(l.over), Number(l.gorct), l.ref_type])).toEqual([
      [2, 'money', -1000, 10_500, 7, 'order'],
      [2, 'money', -500, 10_000, 7, 'order'],
      [2, 'score', -500, 9_500, 7, 'order'],
    ]);
    await checkLedgerInvariants(app.db);
  });

  it('checks the request in order with a clear message each, and a refused request charges nothing', async () => {
    const user = await fundedUser(app, 3_000_00);
    const issue = await currentIssue(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ plan_id: 99999, play_type: '1', money: '10' }, 'Room not found'],
      [{ plan_id: plan, game_id: 6, play_type: '1', money: '10' }, 'Room not found'],
      [{ plan_id: plan, play_type: '', money: '10' }, 'Please select a bet'],
      [{ plan_id: plan, play_type: '1', money: '0' }, 'Please enter a valid bet amount'],
      [{ plan_id: plan, play_type: '1', money: '-5' }, 'Please enter a valid bet amount'],
      [{ plan_id: plan, play_type: '1', money: '1.234' }, 'Please enter a valid bet amount'],
      [{ plan_id: plan, play_type: 'big', money: '10' }, 'This bet is not available in this room'],
      [{ plan_id: plan, play_type: '5', money: '10' }, 'This bet is not available in this room'],
      [{ plan_id: plan, play_type: '1', money: '9.99' }, 'Each bet must be between 10.00 and 5000.00'],
      [{ plan_id: plan, play_type: '1', money: '5000.01' }, 'Each bet must be between 10.00 and 5000.00'],
      // All or none: the sum's limit (2,000) refuses the whole request.
      [{ plan_id: plan, play_type: '1,113', money: '3000' }, 'Each bet must be between 10.00 and 2000.00'],
      [{ plan_id: plan, play_type: '1,2', money: '2000' }, 'Insufficient balance, please deposit first'],
    ];
    for (const [body, msg] of cases) {
      const res = await bet(app, user.token, { issue, ...body } as never);
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.msg, JSON.stringify(body)).toBe(msg);
    }
    const notLoggedIn = await callApi(app, api.lottery.playOrder, { issue, plan_id: plan, play_type: '1', money: '10' });
    expect(notLoggedIn.status).toBe(401);
    expect(await balances(app, user.userId)).toEqual({ money: 3_000_00, score: 0 });
    expect(await countOrders(user.userId)).toBe(0);
    expect(await countLedger(user.userId)).toBe(1); // only the funding gift
  });

  it('refuses a closed, past or future round and charges nothing (I5)', async () => {
    const user = await fundedUser(app, 100_00);
    const current = roundAt(clock.now(), app.game.settings);
    const next = nextRoundAfter(current, app.game.settings);
    const past = roundAt(current.opensAt - 1, app.game.settings);
    expect((await bet(app, user.token, { issue: past.issue, plan_id: plan, play_type: '1', money: '10' })).msg).toBe(
      'Only the current round can be bet on; this is an old round',
    );
    expect((await bet(app, user.token, { issue: next.issue, plan_id: plan, play_type: '1', money: '10' })).code).toBe(0);
    // Into the last 30 seconds: betting on the current round is closed.
    const saved = clock.now();
    clock.set(current.closesAt);
    const heart = await callApi(app, api.lottery.heart, { game_id: 7 });
    expect(gameHeart(heart.data).issue).toMatchObject({ issue: current.issue, whether_close: true, openTime: 30 });
    expect((await bet(app, user.token, { issue: current.issue, plan_id: plan, play_type: '1', money: '10' })).msg).toBe('Betting on this round is closed');
    clock.set(current.closesAt - 1);
    expect((await bet(app, user.token, { issue: current.issue, plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
    clock.set(saved);
    expect(await balances(app, user.userId)).toEqual({ money: 90_00, score: 0 });
    expect(await countOrders(user.userId)).toBe(1);
  });

  it('judges a bet at the moment its request arrived: one that arrived before the close is accepted though the server got to it after', async () => {
    const user = await fundedUser(app, 100_00);
    const current = roundAt(clock.now(), app.game.settings);
    const saved = clock.now();
    // The request arrives 1 ms before the close; while the server is busy (here: resolving the
    // session) the close passes. Judged when the handler ran, it would be refused as closed.
    clock.set(current.closesAt - 1);
    const resolve = app.sessions.resolve.bind(app.sessions);
    const busy = vi.spyOn(app.sessions, 'resolve').mockImplementation(async (...args) => {
      clock.set(current.closesAt + 500);
      return resolve(...args);
    });
    try {
      expect((await bet(app, user.token, { issue: current.issue, plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
      // One that arrives after the close is refused, however quickly it is handled.
      busy.mockRestore();
      expect((await bet(app, user.token, { issue: current.issue, plan_id: plan, play_type: '2', money: '10' })).msg).toBe('Betting on this round is closed');
    } finally {
      busy.mockRestore();
      clock.set(saved);
    }
    expect(await countOrders(user.userId)).toBe(1);
    expect(await balances(app, user.userId)).toEqual({ money: 90_00, score: 0 });
  });

  it('refuses bets on a drawn round even if the clock says otherwise', async () => {
    const user = await fundedUser(app, 100_00);
    const issue = await currentIssue(app);
    await app.game.scheduler.tick();
    // Force the current round to be drawn early (as if another node's clock were ahead).
    await app.db.execute(sql`update rounds set drawn_at = now(), seed = '', numbers = '', digit1 = 0, digit2 = 0, digit3 = 0, total = 0
      where game_id = 7 and issue = ${issue}`);
    const res = await bet(app, user.token, { issue, plan_id: plan, play_type: '1', money: '10' });
    expect(res.msg).toBe('Betting on this round is closed');
    expect(await balances(app, user.userId)).toEqual({ money: 100_00, score: 0 });
    // Undo the forced draw so the scheduler draws the round properly later.
    await app.db.execute(sql`update rounds set drawn_at = null, seed = null, numbers = null, digit1 = null, digit2 = null,
      digit3 = null, total = null where game_id = 7 and issue = ${issue}`);
  });

  it('refuses a bet on a session revoked elsewhere a moment ago (the guard answers from a recent session), charging nothing', async () => {
    const user = await fundedUser(app, 100_00);
    expect((await bet(app, user.token, { plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
    // As another node would: revoked in the database, while this node still holds the session it resolved.
    await app.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.userId}`);
    const res = await bet(app, user.token, { plan_id: plan, play_type: '2', money: '10' });
    expect(res.code).toBe(401);
    expect(await countOrders(user.userId)).toBe(1);
    expect(await balances(app, user.userId)).toEqual({ money: 90_00, score: 0 });
  });

  it('bets on the session resolved up to a minute ago, whose statement still refuses one idle too long', async () => {
    const user = await fundedUser(app, 100_00);
    expect((await bet(app, user.token, { plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
    // A minute later the guard still asks nothing of the database for the session: the only query
    // is the bet's own statement (which checks the session itself).
    clock.advance(50_000);
    const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      expect((await bet(app, user.token, { plan_id: plan, play_type: '2', money: '10' })).code).toBe(1);
      const texts = spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : String((q as { text?: string }).text)));
      expect(texts.filter((t) => t.includes('sessions s join users'))).toEqual([]);
      expect(texts.filter((t) => t.includes('insert into orders'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
    // Last seen three hours ago (idle limit two hours), as if this node's memory were stale.
    const lastSeen = new Date(clock.now() - 3 * 3600_000).toISOString();
    await app.db.execute(sql`update sessions set last_seen_at = ${lastSeen}::timestamptz where user_id = ${user.userId}`);
    const res = await bet(app, user.token, { plan_id: plan, play_type: '3', money: '10' });
    expect(res.code).toBe(401);
    expect(await countOrders(user.userId)).toBe(2);
    expect(await balances(app, user.userId)).toEqual({ money: 80_00, score: 0 });
  });

  it('applies a retried request with the same Idempotency-Key once (I4)', async () => {
    const user = await fundedUser(app, 100_00);
    const issue = await currentIssue(app);
    const headers = { 'idempotency-key': 'bet-retry-1' };
    const first = await bet(app, user.token, { issue, plan_id: plan, play_type: '2', money: '10' }, headers);
    const again = await bet(app, user.token, { issue, plan_id: plan, play_type: '2', money: '10' }, headers);
    expect(first.code).toBe(1);
    expect(again.code).toBe(1);
    expect(again.data).toEqual(first.data);
    const concurrent = await Promise.all(
      Array.from({ length: 8 }, () => bet(app, user.token, { issue, plan_id: plan, play_type: '3', money: '10' }, { 'idempotency-key': 'bet-retry-2' })),
    );
    expect(concurrent.every((r) => r.code === 1)).toBe(true);
    expect(new Set(concurrent.map((r) => r.data.orders[0]!.order_no)).size).toBe(1);
    expect(await countOrders(user.userId)).toBe(2);
    expect(await balances(app, user.userId)).toEqual({ money: 80_00, score: 0 });
    // The key belongs to its user: another user with the same key places their own bet.
    const other = await fundedUser(app, 100_00);
    expect((await bet(app, other.token, { issue, plan_id: plan, play_type: '2', money: '10' }, headers)).code).toBe(1);
    expect(await countOrders(other.userId)).toBe(1);
    expect((await bet(app, user.token, { issue, plan_id: plan, play_type: '2', money: '10' }, { 'idempotency-key': 'bad key!' })).msg).toBe(
      'Invalid Idempotency-Key',
    );
    await checkLedgerInvariants(app.db);
  });

  it('places bets sent together in shared statements, each accepted or refused on its own', async () => {
    const issue = await currentIssue(app);
    const players = await Promise.all(Array.from({ length: 12 }, () => fundedUser(app, 100_00)));
    const broke = await fundedUser(app, 5_00);
    const retry = await fundedUser(app, 100_00);
    const retried = { 'idempotency-key': 'batch-retry-1' };
    const first = await bet(app, retry.token, { issue, plan_id: plan, play_type: '1', money: '10' }, retried);
    expect(first.code).toBe(1);
    const before = { ...app.game.betBatcher.sent };

    const [again, poor, ...placed] = await Promise.all([
      // A retry in a batch fails that statement (its key is taken): every bet is then placed alone.
      bet(app, retry.token, { issue, plan_id: plan, play_type: '1', money: '10' }, retried),
      bet(app, broke.token, { issue, plan_id: plan, play_type: '2', money: '10' }),
      ...players.map((p, i) =>
        bet(app, p.token, { issue, plan_id: plan, play_type: i % 2 ? '1,3' : '4', money: '10' }, { 'idempotency-key': `batch-${i}-${issue}` }),
      ),
    ]);
    expect(again.data).toEqual(first.data);
    expect(poor.msg).toBe('Insufficient balance, please deposit first');
    expect(placed.map((r) => [r.code, r.data.after_quantity])).toEqual(players.map((_, i) => [1, i % 2 ? '80.00' : '90.00']));
    for (const [i, p] of players.entries()) expect(await balances(app, p.userId)).toEqual({ money: i % 2 ? 80_00 : 90_00, score: 0 });
    expect(await balances(app, broke.userId)).toEqual({ money: 5_00, score: 0 });
    expect(await countOrders(retry.userId)).toBe(1);

    // Without a taken key the same burst shares statements.
    const sharing = { ...app.game.betBatcher.sent };
    const more = await Promise.all(players.map((p) => bet(app, p.token, { issue, plan_id: plan, play_type: '2', money: '10' })));
    expect(more.every((r) => r.code === 1)).toBe(true);
    const sent = app.game.betBatcher.sent;
    expect(sent.bets - sharing.bets).toBe(players.length);
    expect(sent.statements - sharing.statements).toBeLessThan(players.length);
    expect(sharing.bets - before.bets).toBe(players.length + 2);
    await checkLedgerInvariants(app.db);
  });

  it('accepts exactly 10 of 200 concurrent bets when the balance covers exactly 10 (I2)', async () => {
    const user = await fundedUser(app, 10 * 10_00);
    const issue = await currentIssue(app);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => bet(app, user.token, { issue, plan_id: plan, play_type: String([1, 2, 3, 4][i % 4]), money: '10' })),
    );
    const accepted = results.filter((r) => r.code === 1);
    expect(accepted).toHaveLength(10);
    expect(results.filter((r) => r.code === 0).every((r) => r.msg === 'Insufficient balance, please deposit first')).toBe(true);
    expect(await balances(app, user.userId)).toEqual({ money: 0, score: 0 });
    expect(await countOrders(user.userId)).toBe(10);
    const sum = await queryRows<{ s: string }>(app.db, sql`select sum(quantity)::text as s from ledger where user_id = ${user.userId}`);
    expect(Number(sum[0]!.s)).toBe(0);
    await checkLedgerInvariants(app.db);
  });

  it('refuses bets while the game is outside its opening hours', async () => {
    const user = await fundedUser(app, 100_00);
    // T0 is 10:00 local; open 12:00–02:00 → closed now.
    await app.db.execute(sql`update games set open_from = '12:00', open_to = '02:00' where id = 7`);
    await app.game.reloadConfig();
    const issue = await currentIssue(app);
    const heart = await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan });
    expect(roomHeart(heart.data).game_status).toBe(0);
    expect(roomHeart(heart.data).issue.whether_close).toBe(true);
    const res = await bet(app, user.token, { issue, plan_id: plan, play_type: '1', money: '10' });
    expect(res.msg).toBe('This game is closed now, betting is suspended');
    expect(await balances(app, user.userId)).toEqual({ money: 100_00, score: 0 });
    // The scheduler plays no round of a closed game, and goes on with the others.
    clock.advance(2 * ROUND_MS);
    await app.game.scheduler.tick();
    const nowIssue = await currentIssue(app);
    const rows = await queryRows<{ game_id: number }>(app.db, sql`select game_id from rounds where issue = ${nowIssue} order by game_id`);
    expect(rows.map((r) => Number(r.game_id))).toEqual([1, 2, 5, 6]);
    await app.db.execute(sql`update games set open_from = null, open_to = null where id = 7`);
    await app.game.reloadConfig();
  });

  // Two transactions can wait on each other only where there are two connections (PGlite has one).
  if (usingPostgres)
    it('places a lone bet whose statement a deadlock rolled back through the general path, not a 500', async () => {
      const user = await fundedUser(app, 100_00);
      await app.game.scheduler.tick();
      const issue = await currentIssue(app);
      const [round] = await queryRows<{ id: number }>(app.db, sql`select id from rounds where game_id = 7 and issue = ${issue}`);
      expect(round).toBeDefined();
      const other = await app.database.pool!.connect();
      try {
        // The other side holds the player and then wants the round the bet's statement holds: a cycle.
        // Its deadlock check waits 10 s, the bet's 1 s (the default): the bet's statement is the one ended.
        await other.query('begin');
        await other.query(`set local deadlock_timeout = '10s'`);
        await other.query('select 1 from users where id = $1 for update', [user.userId]);
        const placing = bet(app, user.token, { issue, plan_id: plan, play_type: '1', money: '10' });
        for (let waited = 0; ; waited += 20) {
          const [w] = await queryRows<{ n: number }>(
            app.db,
            sql`
          select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (Number(w!.n) > 0) break;
          if (waited > 5000) throw new Error('the bet never waited for the player');
          await new Promise((r) => setTimeout(r, 20));
        }
        await other.query('select 1 from rounds where id = $1 for update', [round!.id]);
        await other.query('commit');
        const res = await placing;
        expect([res.code, res.data?.after_quantity]).toEqual([1, '90.00']);
      } finally {
        other.release();
      }
      expect(await countOrders(user.userId)).toBe(1);
      expect(await balances(app, user.userId)).toEqual({ money: 90_00, score: 0 });
      await checkLedgerInvariants(app.db);
    });
});
