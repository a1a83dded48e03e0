/**
 * The bet path's common case in ONE prepared statement (issue 13): a player with no time-out or
 * self-exclusion and no stake, loss or session limit bets in a round that exists and is open. The
 * checks that need no database (room, class, stake range, issue, closing time, game hours) are made
 * before, from the in-memory snapshot (`checkRequest`); the statement then, atomically:
 * - takes the round FOR SHARE when it exists, is not drawn and still open (the draw's FOR UPDATE
 *   waits for it; a bet after the draw sees it drawn — invariant I5);
 * - locks and debits the player (score first, then money) when not disabled, not excluded, the
 *   session still valid — not revoked, expired or idle too long (the route's guard may answer from a
 *   session resolved up to a minute ago, sessions.ts CONFIRMED_CACHE_MS) — without
 *   such limits, and the balance covers the stake and the room's entry limit;
 * - writes the orders with their odds (I6) and one type-2 ledger row per wallet touched with the
 *   running balance after it (I1, I2), exactly as `placeBets` does;
 * - stores the answer under the request's Idempotency-Key (I4): a key already taken fails the whole
 *   statement, so nothing of the duplicate is applied, and `idempotent` answers the stored answer;
 * When any condition does not hold, nothing is written and the caller takes the general path
 * (`placeBets`), which creates the round if needed, checks limits and gives the precise refusal.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { literal, preparedRows } from '../../db/query.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { KeyAlreadyAnswered } from '../idempotency.js';
import { REMEMBER_MS, SESSION_IDLE_MS } from '../accounts/sessions.js';
import { checkRequest, newOrderNo, type BetContext, type BetRequest, type BetResult } from './betting.js';

/** More classes than this in one request take the general path. */
const MAX_CLASSES = 10;
/** Marker of the error the statement raises when the Idempotency-Key is already taken. */
const KEY_TAKEN = 'idempotency-key-taken';

interface Row {
  id: number | string;
  order_no: string;
  play_type: number;
  odds: number;
  odds_special: number | null;
  after: number | string;
  nickname: string;
}

/**
 * Places the bets in one statement, or answers null when the request needs the general path.
 * Refusals found from memory (room, class, stake, issue, closed) are thrown as in `placeBets`.
 */
export async function placeBetsInOneStatement(
  database: Database,
  req: BetRequest,
  ctx: Pick<BetContext, 'game' | 'room' | 'now' | 'settings'>,
): Promise<BetResult | null> {
  const { room, game } = checkRequest(req, ctx);
  if (req.playTypes.length > MAX_CLASSES) return null;
  const at = new Date(ctx.now).toISOString();
  // A session last seen before this is idle too long (as SessionStore.resolve decides).
  const idleSince = (limit: number) => new Date(ctx.now - limit).toISOString();
  const total = req.amount * req.playTypes.length;
  const list = (xs: readonly (number | string | null)[]) => xs.map((x) => (x === null ? '' : String(x))).join(',');
  const odds = req.playTypes.map((t) => room.odds.get(t)!);
  const key = req.idempotency;
  const rows = await preparedRows<Row>(database, `lucky28_bet${key ? '_keyed' : ''}${req.sessionId === undefined ? '_nosession' : ''}`, sql`
    with r as (
      select id, issue from rounds
      where game_id = ${game.id}::int and issue = ${req.issue}::text and drawn_at is null and closes_at > ${at}::timestamptz
      for share
    ),
    c as (
      select k, order_no, play_type::int, odds::int, nullif(odds_special, '')::int as odds_special
      from unnest(string_to_array(${list(req.playTypes.map(() => newOrderNo(ctx.now)))}::text, ','),
                  string_to_array(${list(req.playTypes)}::text, ','),
                  string_to_array(${list(odds.map((o) => o.odds))}::text, ','),
                  string_to_array(${list(odds.map((o) => o.oddsSpecial))}::text, ','))
        with ordinality as x(order_no, play_type, odds, odds_special, k)
    ),
    old as (
      select id, money, score from users
      where id = ${req.userId}::int and not disabled and (excluded_until is null or excluded_until <= ${at}::timestamptz)
        and exists (select 1 from r) -- the round first, then the player: the draw's lock order
        ${req.sessionId === undefined ? sql`` : sql`and exists (select 1 from sessions s where s.id = ${req.sessionId}::int and s.user_id = users.id
          and s.revoked_at is null and s.expires_at > ${at}::timestamptz
          and s.last_seen_at >= case when s.remember then ${idleSince(REMEMBER_MS)}::timestamptz else ${idleSince(SESSION_IDLE_MS)}::timestamptz end)`}
      for update
    ),
    u as (
      update users set score = old.score - least(old.score, ${total}::bigint), money = old.money - (${total}::bigint - least(old.score, ${total}::bigint))
      from old
      where users.id = old.id
        and old.money + old.score >= greatest(${total}::bigint, ${room.joinLimit}::bigint)
        and exists (select 1 from r)
        and not exists (select 1 from player_limits l where l.user_id = old.id and l.kind in ('stake', 'loss', 'session'))
      returning old.money + old.score as before, old.score as score_before, coalesce(users.nickname, users.username) as nickname
    ),
    o as (
      insert into orders (order_no, user_id, room_id, game_id, round_id, issue, play_type, amount, from_score, from_money, odds, odds_special, status, created_at)
      select c.order_no, ${req.userId}::int, ${room.id}::int, ${game.id}::int, r.id, r.issue, c.play_type, ${req.amount}::bigint,
             greatest(0, least(${req.amount}::bigint, u.score_before - (c.k - 1) * ${req.amount}::bigint)),
             ${req.amount}::bigint - greatest(0, least(${req.amount}::bigint, u.score_before - (c.k - 1) * ${req.amount}::bigint)),
             c.odds, c.odds_special, 0, ${at}::timestamptz
      from u cross join r cross join c
      order by c.k
      returning id, order_no, play_type, from_score, from_money, odds, odds_special
    ),
    l as (
      insert into ledger (user_id, type, status, wallet, quantity, applied, over, gorct, ref_type, ref_id, created_at)
      select ${req.userId}::int, ${literal(LedgerType.purchase)}, ${literal(LedgerStatus.passed)}, v.wallet, v.quantity, true, v.over, ${game.id}::int, 'order', o.id, ${at}::timestamptz
      from o join c on c.order_no = o.order_no cross join u
      cross join lateral (values
        (1, 'score', -o.from_score, u.before - (c.k - 1) * ${req.amount}::bigint - o.from_score),
        (2, 'money', -o.from_money, u.before - c.k * ${req.amount}::bigint)) as v(pos, wallet, quantity, over)
      where v.quantity <> 0
      order by c.k, v.pos
      returning 1
    )
    ${key
      ? sql`, ik as (
      insert into idempotency_keys (user_id, scope, key, fingerprint, response, created_at)
      select ${req.userId}::int, ${key.operation}::text, ${key.key}::text, ${key.fingerprint}::text, json_build_object(
        'gameId', ${game.id}::int, 'roomId', ${room.id}::int, 'issue', ${req.issue}::text, 'userId', ${req.userId}::int, 'nickname', min(u.nickname),
        'orders', json_agg(json_build_object('id', o.id, 'orderNo', o.order_no, 'playType', o.play_type, 'amount', ${req.amount}::bigint,
          'odds', o.odds, 'oddsSpecial', o.odds_special) order by c.k),
        'after', min(u.before) - ${total}::bigint,
        'afterEach', json_agg(u.before - c.k * ${req.amount}::bigint order by c.k),
        'createdAt', ${ctx.now}::bigint)::jsonb, ${at}::timestamptz
      from o join c on c.order_no = o.order_no cross join u
      having count(*) > 0
      on conflict (user_id, scope, key) do nothing
      returning 1
    )`
      : sql``}
    -- A taken key fails the statement by a cast of a value known only at run time (o.order_no), which
    -- the planner cannot fold into an error at plan time.
    select o.id, o.order_no, o.play_type, o.odds, o.odds_special, u.before - c.k * ${req.amount}::bigint as after, u.nickname,
      (select count(*) from l) as ledger_rows
      ${key ? sql`, case when exists (select 1 from ik) then 0 else (${KEY_TAKEN}::text || o.order_no)::int end as saved` : sql``}
    from o join c on c.order_no = o.order_no cross join u
    order by c.k`).catch((err: unknown) => {
    // The failing cast names the key's marker; drivers wrap the database error (cause).
    const message = `${(err as Error | undefined)?.message} ${((err as { cause?: Error } | undefined)?.cause)?.message}`;
    if (key && message.includes(KEY_TAKEN)) throw new KeyAlreadyAnswered();
    throw err;
  });
  if (rows.length === 0) return null;
  if (rows.length !== req.playTypes.length) throw new Error(`one-statement bet wrote ${rows.length} orders for ${req.playTypes.length} classes`);
  const afterEach = rows.map((r) => Number(r.after));
  return {
    gameId: game.id,
    roomId: room.id,
    issue: req.issue,
    userId: req.userId,
    nickname: rows[0]!.nickname,
    orders: rows.map((r) => ({
      id: Number(r.id),
      orderNo: r.order_no,
      playType: Number(r.play_type),
      amount: req.amount,
      odds: Number(r.odds),
      oddsSpecial: r.odds_special === null ? null : Number(r.odds_special),
    })),
    after: afterEach[afterEach.length - 1]!,
    afterEach,
    createdAt: ctx.now,
  };
}
