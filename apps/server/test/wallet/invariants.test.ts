import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { caseCount } from '@lucky28/shared/testing/depth';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { zonedTimeToUtc } from '../../src/domain/time.js';
import { LedgerType, postLedger } from '../../src/domain/ledger/post.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { users } from '../../src/db/schema.js';
import { AppError } from '../../src/errors.js';
import { callApi } from '../helpers.js';
import { PNG, createWalletApp, operatorLogin, readyToWithdraw, upload } from './fixtures.js';

/**
 * The ledger invariants (docs/design.md#the-invariants) under a randomised concurrent workload. Each step runs a batch of operations
 * at once — deposit requests, approvals and rejections, withdrawals (some retried with one
 * Idempotency-Key), their approvals and rejections through the operator API, real bets through
 * Lottery/playOrder, and gifts, stakes and payouts written directly with postLedger — then moves the
 * clock 15 s and lets the round scheduler draw and settle what is due, then checks:
 * - I1: every balance, money and score separately, equals the sum of its applied ledger rows, and
 *   equals an independent model built from the operations that reported success (a bet's split
 *   between score and money, and a settled order's payout, are read from the order);
 * - I2: no balance is negative;
 * - I3: every order is debited exactly its stake, paid at most once and exactly its payout, and every
 *   order of a drawn round is settled; I5: no order was placed after its round closed;
 * - I4: a retried withdrawal is applied once;
 * - the deposit/withdrawal bookkeeping (findDiscrepancies) and at most one pending withdrawal per user.
 */
const SEED = Number(process.env.INVARIANT_SEED ?? 20260322);
/** Steps of the workload: 150 at TEST_DEPTH=deep (CI's `npm run test:deep` and the PostgreSQL suite), 50 in `npm test`. */
const STEPS = caseCount({ deep: 150, quick: 50 }, 'INVARIANT_STEPS');
const BATCH = 20;

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// 2025-06-01 10:00:05 Asia/Shanghai, a few seconds into a round.
const clock = new ManualClock(zonedTimeToUtc(2025, 6, 1, 'Asia/Shanghai', 10, 0) + 5_000);
const { app } = await createWalletApp({ clock, rateLimits: { login: false, register: false, secret: false, upload: false, bet: false } });
app.game.chain.length = 64;
app.game.chain.spare = 8;
await app.game.reloadConfig();
const BET_CLASSES = [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 31, 32, 33, ...Array.from({ length: 28 }, (_, n) => 100 + n)];

/** I3 and I5 over every order: the problems found (empty = consistent). */
async function orderProblems(): Promise<unknown[]> {
  return queryRows(
    app.db,
    sql`
    with l as (
      select ref_id,
        coalesce(sum(quantity) filter (where type = 2), 0)::bigint as staked,
        (count(*) filter (where type = 3))::int as payouts,
        coalesce(sum(quantity) filter (where type = 3), 0)::bigint as paid
      from ledger where ref_type = 'order' group by ref_id
    )
    select o.id, o.status, o.amount, o.payout, l.staked, l.payouts, l.paid
    from orders o join rounds r on r.id = o.round_id left join l on l.ref_id = o.id
    where coalesce(l.staked, 0) <> -o.amount
       or o.from_score + o.from_money <> o.amount
       or (o.status = 0 and (r.drawn_at is not null or coalesce(l.payouts, 0) <> 0))
       or (o.status = 1 and (coalesce(l.payouts, 0) <> (case when o.payout > 0 then 1 else 0 end) or coalesce(l.paid, 0) <> o.payout))
       or o.created_at >= r.closes_at`,
  );
}

interface Player {
  userId: number;
  token: string;
  money: number;
  score: number;
  pendingDeposits: { id: number; amount: number }[];
  pendingWithdrawal: { id: number; amount: number } | null;
}

async function ledgerOp(app: FastifyInstance, entry: Parameters<typeof postLedger>[1]): Promise<boolean> {
  try {
    await app.db.transaction((tx) => postLedger(tx, entry));
    return true;
  } catch (err) {
    if (err instanceof AppError && err.key === 'err.insufficient_balance') return false;
    throw err;
  }
}

describe('money invariants under a randomised concurrent workload', () => {
  it(`${STEPS * BATCH} operations in batches of ${BATCH}: balances always equal their ledger and the model`, { timeout: 600_000 }, async () => {
    const rand = mulberry32(SEED);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
    const cents = (minU: number, maxU: number) => Math.round((minU + rand() * (maxU - minU)) * 100);
    const admin = await operatorLogin(app);

    const players: Player[] = [];
    for (let i = 0; i < 10; i++) {
      const u = await readyToWithdraw(app, 100_000);
      players.push({ userId: u.userId, token: u.token, money: 100_000, score: 0, pendingDeposits: [], pendingWithdrawal: null });
    }
    const counts: Record<string, number> = {};
    let keySeq = 0;
    let bets = 0;
    const rooms = [...app.game.snapshot.rooms.values()].filter((r) => r.type === 0);
    expect(rooms.length).toBe(5);
    const counted = new Set<number>();
    let settledTotal = 0;
    await app.game.scheduler.tick();

    const operations: [number, (p: Player) => Promise<void>][] = [
      // A deposit request: screenshot upload then the request; nothing reaches the balance yet.
      [
        14,
        async (p) => {
          const amount = cents(1, 500);
          const up = await upload(app, p.token, { data: PNG, filename: 's.png' });
          // Past 20 screenshots in 24 hours the upload quota refuses, and no request follows.
          if (up.code !== 1) return void expect(up).toMatchObject({ code: 0, field: 'file', msg: expect.stringMatching(/at most 20 images/) });
          const res = await callApi(
            app,
            api.wallet.depositRequest,
            { money: (amount / 100).toFixed(2), channel: pick(['usdt', 'bank']), screenshot: up.data.url },
            { token: p.token },
          );
          if (res.code === 1) p.pendingDeposits.push({ id: res.data.id, amount });
          else expect(res.msg).toMatch(/too many deposit requests/);
        },
      ],
      [
        12,
        async (p) => {
          const d = p.pendingDeposits.length ? pick(p.pendingDeposits) : undefined;
          if (!d) return;
          const res = await callApi(app, api.admin.depositApprove, { id: d.id }, { token: admin });
          if (res.code === 1) {
            p.money += d.amount;
            p.pendingDeposits = p.pendingDeposits.filter((x) => x !== d);
          } else expect(res.msg).toBe('This request has already been processed');
        },
      ],
      [
        6,
        async (p) => {
          const d = p.pendingDeposits.length ? pick(p.pendingDeposits) : undefined;
          if (!d) return;
          const res = await callApi(app, api.admin.depositReject, { id: d.id, reason: 'not received' }, { token: admin });
          if (res.code === 1) p.pendingDeposits = p.pendingDeposits.filter((x) => x !== d);
          else expect(res.msg).toBe('This request has already been processed');
        },
      ],
      // A withdrawal: debited at once, or refused (one already pending, or not enough money).
      [
        14,
        async (p) => {
          const amount = cents(100, 1200);
          const res = await callApi(
            app,
            api.wallet.withdrawAction,
            { type: pick([0, 1]), money: (amount / 100).toFixed(2), securityCode: '123456' },
            { token: p.token },
          );
          if (res.code === 1) {
            p.money -= amount;
            p.pendingWithdrawal = { id: res.data.id, amount };
          } else expect(['You already have a withdrawal awaiting review', 'Insufficient balance: the transfer out failed']).toContain(res.msg);
        },
      ],
      // The same withdrawal sent three times at once with one Idempotency-Key (I4).
      [
        4,
        async (p) => {
          const amount = cents(100, 300);
          const headers = { 'idempotency-key': `inv-${SEED}-${keySeq++}` };
          const body = { type: 0, money: (amount / 100).toFixed(2), securityCode: '123456' };
          const answers = await Promise.all([0, 1, 2].map(() => callApi(app, api.wallet.withdrawAction, body, { token: p.token, headers })));
          const ok = answers.filter((a) => a.code === 1);
          if (ok.length > 0) {
            expect(new Set(ok.map((a) => a.data.id)).size).toBe(1);
            p.money -= amount;
            p.pendingWithdrawal = { id: ok[0]!.data.id, amount };
          }
        },
      ],
      [
        8,
        async (p) => {
          const w = p.pendingWithdrawal;
          if (!w) return;
          const res = await callApi(app, api.admin.withdrawApprove, { id: w.id }, { token: admin });
          if (res.code === 1) {
            if (p.pendingWithdrawal === w) p.pendingWithdrawal = null;
          } else expect(res.msg).toBe('This request has already been processed');
        },
      ],
      [
        6,
        async (p) => {
          const w = p.pendingWithdrawal;
          if (!w) return;
          const res = await callApi(app, api.admin.withdrawReject, { id: w.id, reason: 'test' }, { token: admin });
          if (res.code === 1) {
            p.money += w.amount;
            if (p.pendingWithdrawal === w) p.pendingWithdrawal = null;
          } else expect(res.msg).toBe('This request has already been processed');
        },
      ],
      // A real bet on the current round of a random game: one to three classes at one stake each.
      [
        16,
        async (p) => {
          const room = pick(rooms);
          const classes = [...new Set([pick(BET_CLASSES), pick(BET_CLASSES), pick(BET_CLASSES)])].slice(0, 1 + Math.floor(rand() * 3));
          const issue = roundAt(clock.now(), app.game.settings).issue;
          const stake = 10 + Math.floor(rand() * 60);
          const res = await callApi(
            app,
            api.lottery.playOrder,
            { issue, plan_id: room.id, game_id: room.gameId, play_type: classes.join(','), money: String(stake) },
            { token: p.token },
          );
          if (res.code !== 1) return; // refused (closed round, insufficient balance…): the model must not move
          const nos = res.data.orders.map((o: { order_no: string }) => o.order_no);
          const split = await queryRows<{ s: string | number; m: string | number }>(
            app.db,
            sql`
          select coalesce(sum(from_score), 0)::bigint as s, coalesce(sum(from_money), 0)::bigint as m from orders
          where order_no in (${sql.join(
            nos.map((n: string) => sql`${n}`),
            sql`, `,
          )})`,
          );
          expect(Number(split[0]!.s) + Number(split[0]!.m)).toBe(stake * 100 * classes.length);
          p.score -= Number(split[0]!.s);
          p.money -= Number(split[0]!.m);
          bets++;
        },
      ],
      [
        10,
        async (p) => {
          const wallet = pick(['money', 'score'] as const);
          const amount = cents(1, 300);
          if (await ledgerOp(app, { userId: p.userId, type: LedgerType.gift, wallet, quantity: amount })) p[wallet] += amount;
        },
      ],
      // A bet's stake (may fail for lack of funds, which must change nothing) and a payout.
      [
        18,
        async (p) => {
          const wallet = pick(['money', 'score'] as const);
          const amount = cents(10, 800);
          const gorct = pick([1, 2, 5, 6, 7]);
          if (await ledgerOp(app, { userId: p.userId, type: LedgerType.purchase, wallet, quantity: -amount, gorct })) p[wallet] -= amount;
        },
      ],
      [
        8,
        async (p) => {
          const wallet = pick(['money', 'score'] as const);
          const amount = cents(10, 1500);
          if (await ledgerOp(app, { userId: p.userId, type: LedgerType.profit, wallet, quantity: amount, gorct: 7 })) p[wallet] += amount;
        },
      ],
    ];
    const totalWeight = operations.reduce((s, [w]) => s + w, 0);
    const choose = () => {
      let r = rand() * totalWeight;
      for (const [i, [w, op]] of operations.entries()) {
        if ((r -= w) < 0) return { i, op };
      }
      return { i: 0, op: operations[0]![1] };
    };

    for (let step = 0; step < STEPS; step++) {
      const batch = Array.from({ length: BATCH }, () => {
        const { i, op } = choose();
        counts[i] = (counts[i] ?? 0) + 1;
        return op(pick(players));
      });
      await Promise.all(batch);

      // Time moves on; the scheduler draws and settles the rounds that are due. Payouts go to money.
      clock.advance(15_000);
      await app.game.scheduler.tick();
      const settled = await queryRows<{ id: number | string; user_id: number; payout: number | string }>(
        app.db,
        sql`
        select id, user_id, payout from orders where status = 1`,
      );
      for (const o of settled) {
        if (counted.has(Number(o.id))) continue;
        counted.add(Number(o.id));
        settledTotal++;
        const p = players.find((x) => x.userId === o.user_id)!;
        p.money += Number(o.payout);
      }
      expect(await orderProblems(), `seed ${SEED}, step ${step}`).toEqual([]);

      const problems = await findDiscrepancies(app.db);
      expect(problems, `seed ${SEED}, step ${step}`).toEqual([]);
      const rows = await app.db.select({ id: users.id, money: users.money, score: users.score }).from(users);
      for (const p of players) {
        const row = rows.find((r) => r.id === p.userId)!;
        expect({ step, user: p.userId, money: row.money, score: row.score }).toEqual({ step, user: p.userId, money: p.money, score: p.score });
        expect(row.money).toBeGreaterThanOrEqual(0);
        expect(row.score).toBeGreaterThanOrEqual(0);
      }
    }
    // Real bets were placed and settled across several rounds (over 200 in the 150 steps at depth).
    expect(bets).toBeGreaterThan((STEPS * 4) / 3);
    expect(settledTotal).toBeGreaterThan((STEPS * 4) / 3);
    // Every kind of operation ran many times (over 50 each at depth).
    expect(Object.keys(counts)).toHaveLength(operations.length);
    for (const n of Object.values(counts)) expect(n).toBeGreaterThan(STEPS / 3);
  });
});
