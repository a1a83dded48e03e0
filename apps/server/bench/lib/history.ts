/**
 * A month of history for the console bench, written set-based (generate_series, one statement per
 * table): `players` players, one approved deposit each with its ledger row, a gift to every tenth,
 * `orders` settled orders spread over 50-order rounds of every game in the last 30 days, each with
 * its stake's ledger row and, when it won, its payout's. Set-up, not measured. It is read data: the
 * balances are not the sum of these ledger rows (the reconciliation screen is not benched).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { literal, queryRows } from '../../src/db/query.js';
import { LedgerType } from '../../src/domain/ledger/post.js';

const DAY_MS = 86_400_000;
const ORDERS_PER_ROUND = 50;

export async function seedHistory(db: Db, opts: { players: number; orders: number; now: number; days?: number }): Promise<{ seconds: number }> {
  const started = performance.now();
  const days = opts.days ?? 30;
  const now = new Date(opts.now).toISOString();
  const spanMs = days * DAY_MS;
  const rounds = Math.ceil(opts.orders / ORDERS_PER_ROUND);
  const created = await queryRows<{ id: number }>(
    db,
    sql`
    insert into users (username, password_hash, nickname, money, score, shiming, created_at)
    select 'hist_' || g, 'bench-no-sign-in', 'Player ' || g, (g * 7919) % 500000, 0, case when g % 3 = 0 then 2 else 0 end,
           ${now}::timestamptz - (g % ${days * 24}) * interval '1 hour'
    from generate_series(1, ${opts.players}) g
    returning id`,
  );
  // Serial ids, one statement: consecutive.
  const firstId = Math.min(...created.map((u) => Number(u.id)));
  const userOf = (g: string) => sql.raw(`(${firstId} + ((${g})::bigint % ${opts.players})::int)`);

  // Deposits: one per player, approved, spread over the month, each with its ledger row.
  await db.execute(sql`
    with d as (
      insert into deposits (user_id, amount, channel, status, reviewed_at, created_at)
      select ${userOf('g')}, 10000 + (g % 50) * 1000, 'bank', 1,
             ${now}::timestamptz - (g % ${days}) * interval '1 day', ${now}::timestamptz - (g % ${days}) * interval '1 day' - interval '5 minutes'
      from generate_series(0, ${opts.players - 1}) g
      returning id, user_id, amount, reviewed_at
    )
    insert into ledger (user_id, type, wallet, quantity, over, ref_type, ref_id, created_at)
    select user_id, ${literal(LedgerType.recharge)}, 'money', amount, amount, 'deposit', id, reviewed_at from d`);
  await db.execute(sql`
    insert into ledger (user_id, type, wallet, quantity, over, memo, created_at)
    select ${userOf('g')}, ${literal(LedgerType.gift)}, 'score', 500, 500, 'bench', ${now}::timestamptz - (g % ${days}) * interval '1 day'
    from generate_series(0, ${opts.players - 1}, 10) g`);

  // Rounds: drawn, one every span/rounds, the games in turn, on a chain of their own that is used up
  // (length 0), so the server never draws from it.
  await db.execute(sql`
    insert into hash_chains (game_id, secret, length, terminal_hash, used) select id, 'bench-history', 0, 'bench-history', 0 from games`);
  await db.execute(sql`
    with g as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from games),
         c as (select distinct on (game_id) game_id, id from hash_chains where secret = 'bench-history' order by game_id, id)
    insert into rounds (game_id, issue, chain_id, chain_index, hash, opens_at, closes_at, draws_at, seed, numbers, digit1, digit2, digit3, total, drawn_at)
    select g.id, 'h' || s, c.id, s, md5(s::text), t - interval '3 minutes', t - interval '10 seconds', t, md5('seed' || s), '',
           s % 10, (s / 10) % 10, (s / 100) % 10, s % 10 + (s / 10) % 10 + (s / 100) % 10, t
    from generate_series(0, ${rounds - 1}) s
    cross join lateral (select ${now}::timestamptz - ((${rounds} - s) * ${spanMs / rounds}::float8) * interval '1 millisecond' as t) tt
    join g on g.k = s % g.n
    join c on c.game_id = g.id`);

  // Orders: 50 a round, settled; about half won at their odds.
  await db.execute(sql`
    with r as (
      select r.id, r.game_id, r.issue, r.draws_at, row_number() over (order by r.id) - 1 as k, m.room_id
      from rounds r join (select game_id, min(id) as room_id from rooms group by game_id) m on m.game_id = r.game_id
      where r.issue like 'h%' and r.chain_id in (select id from hash_chains where secret = 'bench-history')
    )
    insert into orders (order_no, user_id, room_id, game_id, round_id, issue, play_type, amount, from_money, odds, status, whether_hit, payout, profit, created_at, settled_at)
    select 'h' || o, ${userOf('o::bigint * 7919')}, r.room_id, r.game_id, r.id, r.issue, 1 + o % 4, a.amount, a.amount, 200, 1,
           a.hit, a.hit * a.amount * 2, a.hit * a.amount * 2 - a.amount, r.draws_at - interval '1 minute', r.draws_at
    from generate_series(0, ${opts.orders - 1}) o
    join r on r.k = o / ${ORDERS_PER_ROUND}
    cross join lateral (select 100 * (1 + o % 50) as amount, (o / 3 + o) % 2 as hit) a`);
  await db.execute(sql`
    insert into ledger (user_id, type, wallet, quantity, over, ref_type, ref_id, created_at)
    select user_id, ${literal(LedgerType.purchase)}, 'money', -amount, 0, 'order', id, created_at from orders where order_no like 'h%'
    union all
    select user_id, ${literal(LedgerType.profit)}, 'money', payout, payout, 'order', id, settled_at from orders where order_no like 'h%' and payout > 0`);
  for (const table of ['users', 'orders', 'ledger', 'deposits', 'rounds']) await db.execute(sql.raw(`analyze ${table}`));
  return { seconds: (performance.now() - started) / 1000 };
}
