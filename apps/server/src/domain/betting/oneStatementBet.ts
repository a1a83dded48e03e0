/**
 * The bet path's common case in ONE prepared statement for a whole batch of bets: each
 * bet is from a player with no time-out or self-exclusion and no stake, loss or session limit, in a
 * round that exists and is open. The checks that need no database (room, class, stake range, issue,
 * closing time, game hours) are made before, from the in-memory snapshot (`checkRequest`, request.ts); the
 * statement then, atomically, for each bet of the batch on its own:
 * - takes the round FOR SHARE when it exists and is neither drawn nor listed, and the bet came before it closed
 *   (the draw's and the accepted-bets list's FOR UPDATE wait for it; a bet after them sees it drawn or
 *   listed — invariant I5, domain/game/acceptedBets.ts);
 * - locks and debits the player (balance first, then stored funds: see generalBet.ts) when a member (a guest's bet takes the
 *   general path, which refuses it), not disabled, not excluded, the
 *   session still valid — not revoked, expired or idle too long (the route's guard may answer from a
 *   session resolved up to a minute ago, sessions.ts CONFIRMED_CACHE_MS) — without such limits, and
 *   the balance covers the stake and the room's entry limit;
 * - writes the orders with their odds (I6) and one type-2 ledger row per wallet touched with the
 *   running balance after it (I1, I2), exactly as the general transaction (generalBet.ts) does;
 * - stores the answer under the request's Idempotency-Key (I4): a key already taken fails the whole
 *   statement, so nothing of the batch is applied (`placeBetBatch` then places each bet alone, and a
 *   lone bet's taken key is `KeyAlreadyAnswered`, which `idempotent` answers with the stored answer).
 * A bet whose conditions do not hold gets no rows: nothing of it is written and the caller takes the
 * general transaction (generalBet.ts), which creates the round if needed, checks limits and gives the precise
 * refusal. Locks are taken rounds first, then players, each in id order: the draw's order, and no
 * two batches can wait on each other. A player has at most one bet in a batch (BetBatcher).
 */
import { sql } from 'drizzle-orm';
import { BET_LIMIT_KINDS } from '@lucky28/shared';
import type { Database } from '../../db/client.js';
import { literal, pgArray, preparedStatement } from '../../db/query.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { KeyAlreadyAnswered } from '../idempotency.js';
import { REMEMBER_MS, SESSION_IDLE_MS } from '../accounts/sessions.js';
import { MEMBER_GROUP } from '../accounts/users.js';
import { isRetriableConflict } from '../../db/failures.js';
import { roundAt } from '../game/roundClock.js';
import { checkRequest, newOrderNo, totalOf, type BetRequest, type BetResult, type CheckedBet, type SnapshotContext } from './request.js';
import { batchExposureColumns, batchExposureCtes, CAP_REACHED, exposureHeld, isCapReached } from './exposureCap.js';

/** More classes than this in one request take the general path. */
const MAX_CLASSES = 10;
/** The bet limits as SQL literals: part of the statement's text, which stays one prepared statement. */
const BET_LIMIT_KIND_LIST = sql.raw(BET_LIMIT_KINDS.map((k) => `'${k}'`).join(', '));
/** Marker of the error the statement raises when an Idempotency-Key is already taken. */
const KEY_TAKEN = 'idempotency-key-taken';

/** A bet checked against the snapshot, with everything its part of the statement needs. */
export interface PreparedBet {
  req: BetRequest;
  gameId: number;
  roomId: number;
  joinLimit: number;
  /** The game's exposure cap (exposureCap.ts), cents; 0 = none. */
  exposureCap: number;
  now: number;
  orderNos: string[];
  odds: { odds: number; oddsSpecial: number | null }[];
}

/**
 * Checks the request against the snapshot and prepares it for the statement, or answers null when it
 * needs the general path: for a caller without the one path (placeBet.ts), such as a test.
 */
export function prepareBet(req: BetRequest, ctx: SnapshotContext): PreparedBet | null {
  return prepareCheckedBet(req, checkRequest(req, ctx, roundAt(ctx.now, ctx.settings)), ctx.now);
}

/** Prepares a checked bet for the statement, or answers null when it needs the general path. */
export function prepareCheckedBet(req: BetRequest, { room, game }: CheckedBet, now: number): PreparedBet | null {
  if (req.playTypes.length > MAX_CLASSES) return null;
  return {
    req,
    gameId: game.id,
    roomId: room.id,
    joinLimit: room.joinLimit,
    exposureCap: game.exposureCap,
    now,
    orderNos: req.playTypes.map(() => newOrderNo(now)),
    odds: req.playTypes.map((t) => room.odds.get(t)!),
  };
}

interface Row {
  i: number;
  id: number | string;
  order_no: string;
  play_type: number;
  amount: number | string;
  odds: number;
  odds_special: number | null;
  after: number | string;
  nickname: string;
}

/** The batch's columns, one array per column (sent as PostgreSQL array literals: one statement text for any batch). */
function columns(bets: readonly PreparedBet[]): Columns {
  const iso = (ms: number) => new Date(ms).toISOString();
  type Value = string | number | null;
  const perBet = (f: (b: PreparedBet, i: number) => Value) => pgArray(bets.map(f));
  const perClass = (f: (b: PreparedBet, k: number, i: number) => Value) => pgArray(bets.flatMap((b, i) => b.req.playTypes.map((_, k) => f(b, k, i))));
  // What each bet's earlier classes spent before class k (each class has its own stake).
  const spentBefore = bets.map((b) => b.req.amounts.map((_, k) => b.req.amounts.slice(0, k).reduce((s, a) => s + a, 0)));
  const exposure = batchExposureColumns(
    bets.map((b) => ({ cap: b.exposureCap, orders: b.req.playTypes.map((playType, k) => ({ playType, amount: b.req.amounts[k]!, ...b.odds[k]! })) })),
  );
  return {
    i: perBet((_, i) => i),
    userId: perBet((b) => b.req.userId),
    sessionId: perBet((b) => b.req.sessionId ?? null),
    total: perBet((b) => totalOf(b.req)),
    joinLimit: perBet((b) => b.joinLimit),
    roomId: perBet((b) => b.roomId),
    gameId: perBet((b) => b.gameId),
    issue: perBet((b) => b.req.issue),
    at: perBet((b) => iso(b.now)),
    // A session last seen before these is idle too long (as SessionStore.resolve decides).
    idleRemember: perBet((b) => iso(b.now - REMEMBER_MS)),
    idlePlain: perBet((b) => iso(b.now - SESSION_IDLE_MS)),
    scope: perBet((b) => b.req.idempotency?.operation ?? null),
    key: perBet((b) => b.req.idempotency?.key ?? null),
    fingerprint: perBet((b) => b.req.idempotency?.fingerprint ?? null),
    createdMs: perBet((b) => b.now),
    classBet: perClass((_, __, i) => i),
    classK: perClass((_, k) => k + 1),
    orderNo: perClass((b, k) => b.orderNos[k]!),
    playType: perClass((b, k) => b.req.playTypes[k]!),
    odds: perClass((b, k) => b.odds[k]!.odds),
    oddsSpecial: perClass((b, k) => b.odds[k]!.oddsSpecial),
    classAmount: perClass((b, k) => b.req.amounts[k]!),
    spentBefore: perClass((_, k, i) => spentBefore[i]![k]!),
    exposureBet: exposure.bet,
    exposureOutcome: exposure.outcome,
    exposureDelta: exposure.delta,
    exposureCap: exposure.cap,
  };
}

type ColumnName =
  | 'i'
  | 'userId'
  | 'sessionId'
  | 'total'
  | 'joinLimit'
  | 'roomId'
  | 'gameId'
  | 'issue'
  | 'at'
  | 'idleRemember'
  | 'idlePlain'
  | 'scope'
  | 'key'
  | 'fingerprint'
  | 'createdMs'
  | 'classBet'
  | 'classK'
  | 'orderNo'
  | 'playType'
  | 'odds'
  | 'oddsSpecial'
  | 'classAmount'
  | 'spentBefore'
  | 'exposureBet'
  | 'exposureOutcome'
  | 'exposureDelta'
  | 'exposureCap';
/** One PostgreSQL array literal per column: each a bind parameter of the statement. */
type Columns = Record<ColumnName, string>;

/**
 * The statement, its text worked out once (every column a bind parameter): the batch's bets get their
 * rows, in order of their place `i` (none where the bet needs the general path).
 */
const betBatchStatement = preparedStatement<Columns>(
  'lucky28_bet_batch',
  (a) => sql`
    with b as (
      select * from unnest(${a.i}::int[], ${a.userId}::int[], ${a.sessionId}::int[], ${a.total}::bigint[],
                           ${a.joinLimit}::bigint[], ${a.roomId}::int[], ${a.gameId}::int[], ${a.issue}::text[], ${a.at}::timestamptz[],
                           ${a.idleRemember}::timestamptz[], ${a.idlePlain}::timestamptz[], ${a.scope}::text[], ${a.key}::text[],
                           ${a.fingerprint}::text[], ${a.createdMs}::bigint[])
        as b(i, user_id, session_id, total, join_limit, room_id, game_id, issue, at, idle_remember, idle_plain, scope, key, fingerprint, created_ms)
    ),
    c as (
      select *, spent_before + amount as spent
      from unnest(${a.classBet}::int[], ${a.classK}::int[], ${a.orderNo}::text[], ${a.playType}::int[], ${a.odds}::int[], ${a.oddsSpecial}::int[],
                  ${a.classAmount}::bigint[], ${a.spentBefore}::bigint[])
        as c(i, k, order_no, play_type, odds, odds_special, amount, spent_before)
    ),
    r as (
      select id, game_id, issue, closes_at from rounds
      where (game_id, issue) in (select game_id, issue from b) and drawn_at is null and bets_listed_at is null
      order by id
      for share
    ),
    -- Bets whose round is open for them and whose session holds (no lock on a player yet).
    ok as (
      select b.*, r.id as round_id from b join r on r.game_id = b.game_id and r.issue = b.issue and r.closes_at > b.at
      where b.session_id is null or exists (select 1 from sessions s where s.id = b.session_id and s.user_id = b.user_id
        and s.revoked_at is null and s.expires_at > b.at
        and s.last_seen_at >= case when s.remember then b.idle_remember else b.idle_plain end)
    ),
    old as (
      select users.id, users.money, users.score, ok.i from users join ok on ok.user_id = users.id
      where not users.disabled and users.group_id = ${literal(MEMBER_GROUP)} and (users.excluded_until is null or users.excluded_until <= ok.at)
      order by users.id
      for update of users
    ),
    u as (
      update users set money = old.money - least(old.money, ok.total), score = old.score - (ok.total - least(old.money, ok.total))
      from old join ok on ok.i = old.i
      where users.id = old.id
        and old.money + old.score >= greatest(ok.total, ok.join_limit)
        and not exists (select 1 from player_limits l where l.user_id = old.id and l.kind in (${BET_LIMIT_KIND_LIST}))
      returning ok.i, old.money + old.score as before, old.money as money_before, coalesce(users.nickname, users.username) as nickname
    ),
    ${batchExposureCtes({ bet: a.exposureBet, outcome: a.exposureOutcome, delta: a.exposureDelta, cap: a.exposureCap })},
    o as (
      insert into orders (order_no, user_id, room_id, game_id, round_id, issue, play_type, amount, from_score, from_money, odds, odds_special, status, created_at)
      select c.order_no, ok.user_id, ok.room_id, ok.game_id, ok.round_id, ok.issue, c.play_type, c.amount,
             c.amount - greatest(0, least(c.amount, u.money_before - c.spent_before)),
             greatest(0, least(c.amount, u.money_before - c.spent_before)),
             c.odds, c.odds_special, 0, ok.at
      from u join ok on ok.i = u.i join c on c.i = u.i
      order by u.i, c.k
      returning id, order_no, from_score, from_money
    ),
    placed as (
      select o.id, o.from_score, o.from_money, c.i, c.k, c.order_no, c.play_type, c.odds, c.odds_special, c.amount, c.spent_before, c.spent,
             u.before, u.nickname, ok.user_id, ok.game_id, ok.at
      from o join c on c.order_no = o.order_no join u on u.i = c.i join ok on ok.i = c.i
    ),
    l as (
      insert into ledger (user_id, type, status, wallet, quantity, applied, over, gorct, ref_type, ref_id, created_at)
      select p.user_id, ${literal(LedgerType.purchase)}, ${literal(LedgerStatus.passed)}, v.wallet, v.quantity, true, v.over, p.game_id, 'order', p.id, p.at
      from placed p
      cross join lateral (values
        (1, 'money', -p.from_money, p.before - p.spent_before - p.from_money),
        (2, 'score', -p.from_score, p.before - p.spent)) as v(pos, wallet, quantity, over)
      where v.quantity <> 0
      order by p.i, p.k, v.pos
      returning 1
    ),
    ik as (
      insert into idempotency_keys (user_id, scope, key, fingerprint, response, created_at)
      select ok.user_id, ok.scope, ok.key, ok.fingerprint, json_build_object(
        'gameId', ok.game_id, 'roomId', ok.room_id, 'issue', ok.issue, 'userId', ok.user_id, 'nickname', min(p.nickname),
        'orders', json_agg(json_build_object('id', p.id, 'orderNo', p.order_no, 'playType', p.play_type, 'amount', p.amount,
          'odds', p.odds, 'oddsSpecial', p.odds_special) order by p.k),
        'after', min(p.before) - ok.total,
        'afterEach', json_agg(p.before - p.spent order by p.k),
        'createdAt', ok.created_ms)::jsonb, ok.at
      from placed p join ok on ok.i = p.i
      where ok.key is not null
      group by ok.i, ok.user_id, ok.scope, ok.key, ok.fingerprint, ok.game_id, ok.room_id, ok.issue, ok.total, ok.created_ms, ok.at
      on conflict (user_id, scope, key) do nothing
      returning 1
    )
    -- A taken key fails the statement by a cast of a value known only at run time (order_no), which
    -- the planner cannot fold into an error at plan time.
    select p.i, p.id, p.order_no, p.play_type, p.amount, p.odds, p.odds_special, p.before - p.spent as after, p.nickname,
      case when (select count(*) from ik) = (select count(distinct k.i) from placed k join b on b.i = k.i where b.key is not null) then 0
           else (${KEY_TAKEN}::text || p.order_no)::int end as saved,
      case when ${exposureHeld} then 0 else (${CAP_REACHED}::text || p.order_no)::int end as capped
    from placed p
    order by p.i, p.k`,
);

/** Runs the statement for the batch: the rows of each bet, in order (none where it needs the general path). */
async function runStatement(database: Database, bets: readonly PreparedBet[]): Promise<Row[][]> {
  const rows = await betBatchStatement<Row>(database, columns(bets));
  const byBet = bets.map((): Row[] => []);
  for (const row of rows) byBet[Number(row.i)]!.push(row);
  return byBet;
}

function toResult(bet: PreparedBet, rows: Row[]): BetResult | null {
  const { req } = bet;
  if (rows.length === 0) return null;
  if (rows.length !== req.playTypes.length) throw new Error(`one-statement bet wrote ${rows.length} orders for ${req.playTypes.length} classes`);
  const afterEach = rows.map((r) => Number(r.after));
  return {
    gameId: bet.gameId,
    roomId: bet.roomId,
    issue: req.issue,
    userId: req.userId,
    nickname: rows[0]!.nickname,
    orders: rows.map((r) => ({
      id: Number(r.id),
      orderNo: r.order_no,
      playType: Number(r.play_type),
      amount: Number(r.amount),
      odds: Number(r.odds),
      oddsSpecial: r.odds_special === null ? null : Number(r.odds_special),
    })),
    after: afterEach[afterEach.length - 1]!,
    afterEach,
    createdAt: bet.now,
  };
}

/** Whether the statement failed on the marker's cast: the database's own message (drivers wrap it as `cause`, with the parameters). */
const isKeyTaken = (err: unknown) => {
  const database = (err as { cause?: unknown } | undefined)?.cause ?? err;
  return String((database as Error | undefined)?.message).includes(KEY_TAKEN);
};

/**
 * Places a batch of bets (at most one per player) in one statement. Each outcome is the bet's
 * result, null when it needs the general path, or the error that refused it: when the batch fails as
 * a whole (a key already taken, any database error), nothing of it was applied and each bet is placed
 * alone, so one bet's failure never refuses another; a lone bet that deadlocked goes to the general path.
 */
export async function placeBetBatch(database: Database, bets: readonly PreparedBet[]): Promise<PromiseSettledResult<BetResult | null>[]> {
  let rows: Row[][];
  try {
    rows = await runStatement(database, bets);
  } catch (err) {
    if (bets.length > 1) return Promise.all(bets.map(async (bet) => (await placeBetBatch(database, [bet]))[0]!));
    // Rolled back by a concurrent transaction, or past its round's cap: the general path runs it again, or refuses it.
    if (isRetriableConflict(err) || isCapReached(err)) return [{ status: 'fulfilled', value: null }];
    return [{ status: 'rejected', reason: bets[0]!.req.idempotency && isKeyTaken(err) ? new KeyAlreadyAnswered() : err }];
  }
  // Committed: from here on a bet is never placed again, whatever its rows say.
  return bets.map((bet, i) => {
    try {
      return { status: 'fulfilled', value: toResult(bet, rows[i]!) };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  });
}
