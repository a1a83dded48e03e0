/**
 * Draw and settlement of one round in ONE transaction (docs/design.md#drawing-once and #settlement, invariants I3, I6, I7):
 * the seed is derived from the chain, checked against the round's commitment, the result computed
 * with the shared rules and stored; then every open order of the round is settled by one set-based
 * statement (status 0 → 1, whether_hit, payout, profit), which also credits the winners and writes
 * their type-3 ledger rows. A crash anywhere before commit leaves nothing behind; a re-run after
 * commit finds nothing left to do, so each order is paid exactly once. The draw statistics move on in
 * the same transaction, only where the round is drawn, so each draw is counted once.
 */
import { sql } from 'drizzle-orm';
import { BET_CLASS_IDS, classWins, commitmentOf, deriveDraw, isMiddleTotal, type Digits } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { literal, queryRows } from '../../db/query.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { chainById, type ChainSeedCache } from './chains.js';
import { countDraw } from './drawStatistics.js';
import { DRAW_LOCK } from './locks.js';
import { sendStreakAlerts } from './streakAlerts.js';
import { ROUND_COLUMNS, toRound, type RoundRow } from './rounds.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * A player's net result of the round when positive: the profit of all their orders of the round
 * summed, in every room of the game (one draw decides them all), so a hedge that nets nothing is no
 * win and two winning bets are one win of their sum (the winners ticker, docs/api-conventions.md).
 */
export interface SettledWin {
  userId: number;
  nickname: string;
  /** Net profit of the round, cents (> 0). */
  profit: number;
}

export interface DrawOutcome {
  round: RoundRow;
  /** This call computed and stored the result (false: it was drawn before, only settlement ran). */
  drew: boolean;
  settledOrders: number;
  /** Users credited by this settlement with their balance (money + score) afterwards. */
  balances: Map<number, number>;
  wins: SettledWin[];
}

export interface DrawFaults {
  /** Test hook: runs inside the transaction before anything is written. */
  beforeDraw?: (roundId: number) => Promise<void> | void;
  /** Test hook: runs inside the transaction after the result is stored and before settlement. */
  afterDraw?: (round: RoundRow) => Promise<void> | void;
  /** Test hook: runs inside the transaction after every order is settled and credited, before commit. */
  afterSettle?: (round: RoundRow) => Promise<void> | void;
}

/** Winning classes for the digits, from the shared rules; the SQL below only applies them. */
export function winningClasses(digits: Digits): number[] {
  return BET_CLASS_IDS.filter((id) => classWins(id, digits));
}

const intArray = (ids: number[]) => {
  if (!ids.every((n) => Number.isSafeInteger(n))) throw new Error('non-integer class id');
  return sql.raw(`array[${ids.join(',')}]::int[]`);
};

/** How many of a round's biggest net wins the settlement reports (the hit notices). */
const WINS_REPORTED = 20;

/**
 * Settles every open order of a drawn round. One statement: update orders → sum payouts per user →
 * credit users → insert one type-3 ledger row per paid order with the running balance after it; the
 * same statement answers the round's biggest net wins per player (no second pass over the round's orders).
 */
export async function settleRound(tx: DbOrTx, round: RoundRow, now: number): Promise<{ count: number; balances: Map<number, number>; wins: SettledWin[] }> {
  if (!round.digits || round.total === null) throw new Error(`round ${round.id} is not drawn`);
  const winners = intArray(winningClasses(round.digits));
  const middle = isMiddleTotal(round.total);
  const at = new Date(now).toISOString();
  // Lock the bettors in id order first, so concurrent settlements of different games (on different
  // nodes) touching the same users cannot deadlock.
  await tx.execute(sql`
    select id from users where id in (select user_id from orders where round_id = ${round.id} and status = 0)
    order by id for update`);
  // The round's settled orders are kept for the statement's later parts (credits, ledger rows, wins):
  // about 50 bytes each, so 100,000 orders spilled to a temp file at the default 4 MB. This
  // transaction only.
  await tx.execute(sql`set local work_mem = '16MB'`);
  // payout = stake × odds / 100 rounded down (bigint division of non-negative values), with the
  // order's special odds when it has them and the total is 13 or 14 — settlement.ts's rule.
  const payout = sql`(case when o.play_type = any(${winners})
      then (o.amount * (case when ${middle} and o.odds_special is not null then o.odds_special else o.odds end)) / 100
      else 0 end)`;
  const rows = await queryRows<{
    kind: string;
    user_id: number | string;
    over: number | string | null;
    n: number | string | null;
    nickname: string | null;
  }>(
    tx,
    sql`
    with settled as (
      update orders o set
        status = 1,
        payout = ${payout},
        profit = ${payout} - o.amount,
        whether_hit = case when ${payout} > o.amount then 1 else 0 end,
        settled_at = ${at}
      where o.round_id = ${round.id} and o.status = 0
      returning o.id, o.user_id, o.game_id, o.room_id, o.payout, o.profit, o.whether_hit
    ),
    per_user as (
      select user_id, sum(payout)::bigint as total from settled where payout > 0 group by user_id
    ),
    credited as (
      update users u set money = u.money + p.total
      from per_user p where u.id = p.user_id
    ),
    -- The running balance from the player's balance before the credit: every part of the statement
    -- reads the users as they were when it started (locked above, so nothing else changed them).
    -- The balance is looked up per winning order by primary key, not joined: a CTE has no statistics,
    -- and a join of the winners to the players was planned as a nested loop over a scan of the users
    -- (12 k × every user per round: 0.3 s of 3.3 s for 100,000 orders on PGlite).
    entries as (
      insert into ledger (user_id, type, status, wallet, quantity, applied, over, gorct, ref_type, ref_id, created_at)
      select s.user_id, ${literal(LedgerType.profit)}, ${literal(LedgerStatus.passed)}, 'money', s.payout, true,
             (select b.money + b.score from users b where b.id = s.user_id) + sum(s.payout) over (partition by s.user_id order by s.id),
             s.game_id, 'order', s.id, ${at}
      from settled s
      where s.payout > 0
      returning user_id, over
    ),
    -- Orders of the round settled by an earlier run (none when one run settles the round, as it
    -- does): read as they were before this statement, so the net counts every order once.
    earlier as (
      select user_id, sum(profit)::bigint as profit from orders
      where round_id = ${round.id} and status = 1 group by user_id
    ),
    wins as (
      select s.user_id, sum(s.profit)::bigint + coalesce(max(e.profit), 0) as net
      from settled s left join earlier e on e.user_id = s.user_id
      group by s.user_id
      having sum(s.profit)::bigint + coalesce(max(e.profit), 0) > 0
      order by net desc, s.user_id limit ${WINS_REPORTED}
    )
    select 'count' as kind, 0 as user_id, null::bigint as over, (select count(*) from settled) as n, null::text as nickname
    union all
    select 'balance', user_id, max(over), null, null from entries group by user_id
    union all
    select 'win', w.user_id, null, w.net, coalesce(u.nickname, u.username)
    from wins w join users u on u.id = w.user_id`,
  );
  let count = 0;
  const balances = new Map<number, number>();
  const wins: SettledWin[] = [];
  for (const r of rows) {
    if (r.kind === 'count') count = Number(r.n);
    else if (r.kind === 'balance') balances.set(Number(r.user_id), Number(r.over));
    else wins.push({ userId: Number(r.user_id), nickname: String(r.nickname), profit: Number(r.n) });
  }
  // Biggest first, as the hit notices show them (a union keeps no order).
  wins.sort((a, b) => b.profit - a.profit || a.userId - b.userId);
  return { count, balances, wins };
}

/**
 * Draws (if not drawn yet) and settles a round. Returns null when another node holds the game's
 * draw lock right now (it is doing this work) or when the round has nothing left to do.
 */
export async function drawAndSettle(
  db: Db,
  roundId: number,
  deps: {
    seeds: ChainSeedCache;
    now: number;
    faults?: DrawFaults;
    /** Runs inside the transaction once the round is drawn and settled (e.g. a NOTIFY for other nodes). */
    onSettled?: (tx: DbOrTx, round: RoundRow) => Promise<void>;
  },
): Promise<DrawOutcome | null> {
  return inTransaction(db, async (tx) => {
    const head = await queryRows<{ game_id: number }>(tx, sql`select game_id from rounds where id = ${roundId}`);
    if (!head[0]) return null;
    const gameId = Number(head[0].game_id);
    const locked = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${DRAW_LOCK}, ${gameId}) as ok`);
    if (!locked[0]?.ok) return null;
    await deps.faults?.beforeDraw?.(roundId);
    // FOR UPDATE waits for bets holding the row FOR SHARE; bets arriving later see it drawn (I5).
    const rows = await queryRows<Record<string, unknown>>(tx, sql`select ${ROUND_COLUMNS} from rounds where id = ${roundId} for update`);
    let round = toRound(rows[0]!);
    let drew = false;
    if (round.drawnAt === null) {
      if (round.drawsAt > deps.now) return null;
      const chain = await chainById(tx, round.chainId);
      if (!chain) throw new Error(`chain ${round.chainId} missing`);
      const seed = deps.seeds.seedAt(chain, round.chainIndex);
      if (commitmentOf(seed) !== round.hash) throw new Error(`seed of round ${round.id} does not match its commitment`);
      const result = deriveDraw(seed, gameId, round.issue);
      const updated = await queryRows<Record<string, unknown>>(
        tx,
        sql`
        update rounds set seed = ${seed}, numbers = ${result.numbers.join(',')},
          digit1 = ${result.digits[0]}, digit2 = ${result.digits[1]}, digit3 = ${result.digits[2]},
          total = ${result.total}, drawn_at = ${new Date(deps.now).toISOString()}
        where id = ${roundId} and drawn_at is null
        returning ${ROUND_COLUMNS}`,
      );
      round = toRound(updated[0]!);
      drew = true;
      await countDraw(tx, gameId, round.id, result.digits);
      await sendStreakAlerts(tx, gameId, deps.now);
      await deps.faults?.afterDraw?.(round);
    }
    const { count, balances, wins } = await settleRound(tx, round, deps.now);
    await deps.faults?.afterSettle?.(round);
    if (!drew && count === 0) return null;
    await deps.onSettled?.(tx, round);
    return { round, drew, settledOrders: count, balances, wins };
  });
}
