import { sql, type SQL } from 'drizzle-orm';
import { INVARIANT_NAMES, deriveDraw, isHex32, nextInChain, settleOrder, splitRedPacket, type Digits, type InvariantName } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { commissionProblems } from '../referral/reconcile.js';

export interface Discrepancy {
  /** The player concerned; null for a round (I7). */
  userId: number | null;
  problem: string;
  detail: Record<string, number | string>;
}

/** One invariant's answer: how many problems it found and the first few of them. */
export interface InvariantReport {
  name: InvariantName;
  count: number;
  examples: Discrepancy[];
}

/** Problems listed per invariant (the count is always the full one). */
export const EXAMPLES_PER_INVARIANT = 20;

type Row = Record<string, unknown> & { n: number | string };
const num = (v: unknown) => Number(v);

/** One query: the rows of `from` that break the invariant, the first EXAMPLES_PER_INVARIANT of them with the total count. */
const firstProblems = (db: DbOrTx, query: SQL) =>
  queryRows<Row>(db, sql`select *, count(*) over () as n from (${query}) p order by 1, 2 limit ${EXAMPLES_PER_INVARIANT}`);

const total = (rows: Row[]) => (rows.length === 0 ? 0 : num(rows[0]!.n));
const report = (name: InvariantName, rows: Row[], toProblem: (r: Row) => Discrepancy): InvariantReport => ({
  name,
  count: total(rows),
  examples: rows.map(toProblem),
});

/** I1: each balance (money and score separately) equals the sum of its applied ledger rows. */
async function balancesEqualLedger(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select u.id, u.money, u.score, coalesce(l.lm, 0) as lm, coalesce(l.ls, 0) as ls
    from users u left join (
      select user_id, coalesce(sum(quantity) filter (where wallet = 'money'), 0)::bigint as lm,
        coalesce(sum(quantity) filter (where wallet = 'score'), 0)::bigint as ls
      from ledger where applied group by user_id
    ) l on l.user_id = u.id
    where u.money <> coalesce(l.lm, 0) or u.score <> coalesce(l.ls, 0)`,
  );
  const examples = rows.flatMap((b): Discrepancy[] => {
    const [userId, money, score, lm, ls] = [num(b.id), num(b.money), num(b.score), num(b.lm), num(b.ls)];
    return [
      ...(money !== lm ? [{ userId, problem: 'money_vs_ledger', detail: { money, ledger: lm } }] : []),
      ...(score !== ls ? [{ userId, problem: 'score_vs_ledger', detail: { score, ledger: ls } }] : []),
    ];
  });
  return { name: 'I1_balance_equals_ledger', count: total(rows), examples };
}

/** I2: no balance below zero. */
async function noNegativeBalance(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(db, sql`select id, money, score from users where money < 0 or score < 0`);
  return report('I2_no_negative_balance', rows, (b) => ({
    userId: num(b.id),
    problem: 'negative_balance',
    detail: { money: num(b.money), score: num(b.score) },
  }));
}

/**
 * I3: each order is debited its stake once (its type-2 rows are its from_score and from_money), settled
 * at most once (status 1 with one type-3 row of its payout when it pays, none otherwise; an open order
 * has none), and every order of a drawn round is settled.
 */
async function betsDebitedAndSettled(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select o.user_id, o.id as order_id, o.status, o.amount, coalesce(l.score_debit, 0) as score_debit, coalesce(l.money_debit, 0) as money_debit,
      coalesce(l.debits, 0) as debits, coalesce(l.payouts, 0) as payouts, coalesce(l.paid, 0) as paid, r.drawn_at is not null as drawn
    from orders o join rounds r on r.id = o.round_id
    left join (
      select ref_id,
        (count(*) filter (where type = 2))::int as debits,
        coalesce(-sum(quantity) filter (where type = 2 and wallet = 'score'), 0)::bigint as score_debit,
        coalesce(-sum(quantity) filter (where type = 2 and wallet = 'money'), 0)::bigint as money_debit,
        (count(*) filter (where type = 3))::int as payouts,
        coalesce(sum(quantity) filter (where type = 3), 0)::bigint as paid
      from ledger where ref_type = 'order' and applied group by ref_id
    ) l on l.ref_id = o.id
    where o.from_score + o.from_money <> o.amount
       or coalesce(l.score_debit, 0) <> o.from_score or coalesce(l.money_debit, 0) <> o.from_money
       or coalesce(l.debits, 0) > 2
       or (o.status = 0 and (r.drawn_at is not null or coalesce(l.payouts, 0) <> 0))
       or (o.status = 1 and (coalesce(l.payouts, 0) <> (case when o.payout > 0 then 1 else 0 end) or coalesce(l.paid, 0) <> o.payout))
       or o.status not in (0, 1)`,
  );
  return report('I3_bet_debited_once_settled_once', rows, (r) => {
    const detail = {
      order: num(r.order_id),
      status: num(r.status),
      amount: num(r.amount),
      debited: num(r.score_debit) + num(r.money_debit),
      payouts: num(r.payouts),
    };
    const unsettled = num(r.status) === 0 && r.drawn === true && num(r.payouts) === 0;
    return { userId: num(r.user_id), problem: unsettled ? 'bet_unsettled' : 'bet_debit_or_payout', detail };
  });
}

/**
 * I4: a request with an Idempotency-Key applied once. What the data can show: each stored answer names
 * what was applied — a bet's orders exist, are the player's and are what the answer says; a deposit's
 * or withdrawal's request, or a bonus forfeit, exists and is the player's — and nothing applied is
 * claimed by two keys.
 */
async function idempotentOnce(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    with claimed as (
      select k.user_id, k.key, k.scope, 'order' as kind, (e->>'id')::bigint as ref_id, (e->>'amount')::bigint as amount, (e->>'playType')::int as play_type
      from idempotency_keys k cross join lateral jsonb_array_elements(k.response->'orders') e where k.scope = 'bet'
      union all
      select k.user_id, k.key, k.scope, k.scope, (k.response->>'id')::bigint, null, null from idempotency_keys k where k.scope in ('deposit', 'withdraw', 'bonus_forfeit')
    ),
    checked as (
      select c.*, count(*) over (partition by c.kind, c.ref_id) as claims,
        case c.kind
          when 'order' then exists (select 1 from orders o where o.id = c.ref_id and o.user_id = c.user_id and o.amount = c.amount and o.play_type = c.play_type)
          when 'deposit' then exists (select 1 from deposits d where d.id = c.ref_id and d.user_id = c.user_id)
          when 'bonus_forfeit' then exists (select 1 from reward_claims f where f.id = c.ref_id and f.user_id = c.user_id and f.kind = 'bonus_forfeit')
          else exists (select 1 from withdrawals w where w.id = c.ref_id and w.user_id = c.user_id)
        end as found
      from claimed c
    )
    select user_id, key, scope, ref_id, claims, found from checked where claims > 1 or not found`,
  );
  return report('I4_retry_applied_once', rows, (r) => ({
    userId: num(r.user_id),
    problem: r.found ? 'key_claims_shared' : 'key_answer_not_applied',
    detail: { scope: String(r.scope), key: String(r.key), ref: num(r.ref_id), claims: num(r.claims) },
  }));
}

/** I5: no order was placed at or after its round's closing time (nor after its draw). */
async function noBetAfterClose(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select o.user_id, o.id as order_id, r.issue, o.created_at, r.closes_at from orders o join rounds r on r.id = o.round_id
    where o.created_at >= r.closes_at or o.created_at >= r.drawn_at or o.issue <> r.issue or o.game_id <> r.game_id`,
  );
  return report('I5_no_bet_after_close', rows, (r) => ({
    userId: num(r.user_id),
    problem: 'bet_after_close',
    detail: {
      order: num(r.order_id),
      issue: String(r.issue),
      placed: new Date(r.created_at as string).toISOString(),
      closes: new Date(r.closes_at as string).toISOString(),
    },
  }));
}

/**
 * I6: each settled order's payout is its stake × the odds stored on it at placement, by the shared rule
 * (`settleOrder`: the special odds on a total of 13 or 14), on its round's digits. One query of the
 * distinct cases (few even over many orders), judged here by the rule itself.
 */
async function payoutsFromStoredOdds(db: DbOrTx): Promise<InvariantReport> {
  const cases = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select r.digit1, r.digit2, r.digit3, o.play_type, o.amount, o.odds, o.odds_special, o.payout, o.profit, o.whether_hit,
      min(o.id) as order_id, min(o.user_id) as user_id, count(*)::int as orders
    from orders o join rounds r on r.id = o.round_id
    where o.status = 1
    group by r.digit1, r.digit2, r.digit3, o.play_type, o.amount, o.odds, o.odds_special, o.payout, o.profit, o.whether_hit`,
  );
  let count = 0;
  const examples: Discrepancy[] = [];
  for (const c of cases) {
    const digits = [c.digit1, c.digit2, c.digit3].map((d) => (d === null ? Number.NaN : num(d))) as unknown as Digits;
    const order = { playType: num(c.play_type), amount: num(c.amount), odds: num(c.odds), oddsSpecial: c.odds_special === null ? null : num(c.odds_special) };
    const want = digits.some(Number.isNaN) ? null : settleOrder(order, digits);
    if (want && want.payout === num(c.payout) && want.profit === num(c.profit) && want.whetherHit === num(c.whether_hit)) continue;
    count += num(c.orders);
    if (examples.length < EXAMPLES_PER_INVARIANT) {
      examples.push({
        userId: num(c.user_id),
        problem: 'payout_vs_odds',
        detail: { order: num(c.order_id), orders: num(c.orders), odds: order.odds, payout: num(c.payout), expected: want?.payout ?? 'round not drawn' },
      });
    }
  }
  return { name: 'I6_payout_from_stored_odds', count, examples };
}

/**
 * I7: a committed result never changes. Each drawn round's seed is the one committed before it opened
 * (SHA-256 of the seed = its published hash), and its numbers, digits and total are what the seed
 * derives (the provably fair draw, docs/design.md#games-rounds-and-provably-fair-draws): a result edited afterwards no longer matches its seed.
 */
async function resultsFromSeeds(db: DbOrTx): Promise<InvariantReport> {
  const drawn = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, game_id, issue, hash, seed, numbers, digit1, digit2, digit3, total from rounds where drawn_at is not null order by id`,
  );
  let count = 0;
  const examples: Discrepancy[] = [];
  for (const r of drawn) {
    const seed = r.seed as string | null;
    let problem: string | null = null;
    if (!isHex32(seed) || nextInChain(seed) !== r.hash) problem = 'seed_vs_commitment';
    else {
      const d = deriveDraw(seed, num(r.game_id), String(r.issue));
      const stored = [r.numbers, r.digit1, r.digit2, r.digit3, r.total].map(String).join('|');
      if (stored !== [d.numbers.join(','), ...d.digits, d.total].map(String).join('|')) problem = 'result_vs_seed';
    }
    if (!problem) continue;
    count++;
    if (examples.length < EXAMPLES_PER_INVARIANT) {
      examples.push({
        userId: null,
        problem,
        detail: { round: num(r.id), game: num(r.game_id), issue: String(r.issue), total: r.total === null ? '' : num(r.total) },
      });
    }
  }
  return { name: 'I7_result_from_committed_seed', count, examples };
}

/**
 * Each player's running balance: every applied row's `over` is the balance (money + score) after it,
 * so the rows chain from 0 to the balance now, each starting where another ended. Rows are not applied
 * in id order (a deposit is applied when approved), so the chain is checked as a path: at each balance
 * value as many rows leave as arrive, except one more leaving 0 and one more arriving at the balance
 * now. A wrong `over`, a missing or an extra row breaks it at two values.
 */
async function runningBalance(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select user_id, v as balance, sum(d)::int as unbalanced from (
      select user_id, over - quantity as v, 1 as d from ledger where applied
      union all select user_id, over, -1 from ledger where applied
      union all select id, 0, -1 from users
      union all select id, money + score, 1 from users
    ) e group by user_id, v having sum(d) <> 0`,
  );
  return report('running_balance', rows, (r) => ({
    userId: num(r.user_id),
    problem: 'running_balance',
    detail: { balance: num(r.balance), unbalanced: num(r.unbalanced) },
  }));
}

/**
 * The wallet's own bookkeeping: a pending or rejected deposit never reached the balance, an approved
 * one did exactly once; every withdrawal was debited once, and a rejected one refunded exactly once;
 * at most one withdrawal pending per user.
 */
async function walletRequests(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select d.user_id, 'deposit_ledger_mismatch' as problem, 'deposit' as kind, d.id as ref, d.status, 0 as n2
    from deposits d left join ledger l on l.id = d.ledger_id
    where l.id is null or l.type <> 0 or l.user_id <> d.user_id or l.quantity <> d.amount or l.status <> d.status or l.applied <> (d.status = 1)
    union all
    select w.user_id, 'withdrawal_ledger_mismatch', 'withdrawal', w.id, w.status, coalesce(r.refunds, 0)
    from withdrawals w left join ledger l on l.id = w.ledger_id
    left join (
      select ref_id, count(*)::int as refunds, (count(*) filter (where applied and quantity > 0))::int as applied_refunds, sum(quantity) as refunded
      from ledger where ref_type = 'withdrawal_refund' group by ref_id
    ) r on r.ref_id = w.id
    where l.id is null or l.type <> 1 or l.user_id <> w.user_id or l.quantity <> -w.amount or not l.applied or l.status <> w.status
       or coalesce(r.refunds, 0) <> (case when w.status = 2 then 1 else 0 end)
       or (w.status = 2 and (r.applied_refunds <> 1 or r.refunded <> w.amount))
    union all
    select user_id, 'several_pending_withdrawals', 'user', user_id, 0, count(*)::int from withdrawals where status = 0 group by user_id having count(*) > 1`,
  );
  return report('wallet_requests', rows, (r) => {
    const problem = String(r.problem);
    const detail: Record<string, number> =
      problem === 'deposit_ledger_mismatch'
        ? { deposit: num(r.ref), status: num(r.status) }
        : problem === 'withdrawal_ledger_mismatch'
          ? { withdrawal: num(r.ref), status: num(r.status), refunds: num(r.n2) }
          : { pending: num(r.n2) };
    return { userId: num(r.user_id), problem, detail };
  });
}

/**
 * Rewards (issue 25), each paid once: every claim has exactly the ledger rows it pays — one row of its
 * kind's type, wallet and amount (a bonus release two: stored funds −, balance +; a claim of 0 none) —
 * every reward-typed row (6–10) belongs to a claim of its player, and a bonus is released or forfeited
 * only once granted. A forfeit (issue 42, kind 'bonus_forfeit') takes its amount back in type-10 rows,
 * at most one per wallet, none positive — from stored funds never more than its bonus was.
 */
async function rewardClaimsPaidOnce(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select c.user_id, c.id as ref, 'claim_ledger_mismatch' as problem, c.amount, coalesce(l.n, 0) as n
    from reward_claims c left join (
      select ref_id, count(*)::int as n, coalesce(sum(quantity) filter (where wallet = 'money'), 0)::bigint as m,
        coalesce(sum(quantity) filter (where wallet = 'score'), 0)::bigint as s, min(type) as tmin, max(type) as tmax,
        min(user_id) as umin, max(user_id) as umax, bool_and(applied and status = 1) as applied
      from ledger where ref_type = 'reward_claim' group by ref_id
    ) l on l.ref_id = c.id
    where c.kind <> 'bonus_forfeit' and (coalesce(l.n, 0) <> (case when c.amount = 0 then 0 when c.kind = 'bonus_release' then 2 else 1 end)
       or (c.amount > 0 and (l.umin <> c.user_id or l.umax <> c.user_id or not l.applied or l.tmin <> l.tmax
         or l.tmin <> (case c.kind when 'rakeback' then 6 when 'bonus_grant' then 7 when 'check_in' then 8 else 9 end)
         or l.m <> (case when c.kind in ('rakeback', 'bonus_release') then c.amount else 0 end)
         or l.s <> (case c.kind when 'bonus_release' then -c.amount when 'rakeback' then 0 else c.amount end))))
    union all
    select c.user_id, c.id, 'forfeit_ledger_mismatch', c.amount, coalesce(l.n, 0)
    from reward_claims c left join (
      select ref_id, count(*)::int as n, count(distinct wallet)::int as wallets, min(type) as tmin, max(type) as tmax,
        min(user_id) as umin, max(user_id) as umax, bool_and(applied and status = 1) as applied, max(quantity) as qmax,
        coalesce(sum(quantity), 0)::bigint as q, coalesce(-sum(quantity) filter (where wallet = 'score'), 0)::bigint as score_taken
      from ledger where ref_type = 'reward_claim' group by ref_id
    ) l on l.ref_id = c.id
    left join reward_claims g on g.campaign_id = c.campaign_id and g.user_id = c.user_id and g.period = 'grant'
    where c.kind = 'bonus_forfeit' and (coalesce(l.n, 0) <> (case when c.amount = 0 then 0 else coalesce(l.wallets, -1) end)
       or (c.amount > 0 and (l.n > 2 or l.umin <> c.user_id or l.umax <> c.user_id or not l.applied or l.tmin <> 10 or l.tmax <> 10
         or l.qmax >= 0 or l.q <> -c.amount or l.score_taken > coalesce(g.amount, 0))))
    union all
    select l.user_id, l.id, 'reward_row_without_claim', l.quantity, 1
    from ledger l left join reward_claims c on l.ref_type = 'reward_claim' and c.id = l.ref_id and c.user_id = l.user_id
    where l.type in (6, 7, 8, 9, 10) and c.id is null
    union all
    select r.user_id, r.id, 'release_without_grant', r.amount, 0 from reward_claims r
    where r.kind in ('bonus_release', 'bonus_forfeit')
      and not exists (select 1 from reward_claims g where g.campaign_id = r.campaign_id and g.user_id = r.user_id and g.period = 'grant')`,
  );
  return report('reward_claims_paid_once', rows, (r) => {
    const orphan = String(r.problem) === 'reward_row_without_claim';
    const detail: Record<string, number> = orphan
      ? { ledger: num(r.ref), quantity: num(r.amount) }
      : { claim: num(r.ref), amount: num(r.amount), rows: num(r.n) };
    return { userId: num(r.user_id), problem: String(r.problem), detail };
  });
}

/**
 * The referral programme's commissions (issue 24): each computed day's rows equal the formula
 * recomputed from the orders settled that day, and each type-5 ledger row pays exactly its rows.
 */
async function commissionsFromOrders(db: DbOrTx): Promise<InvariantReport> {
  const problems = await commissionProblems(db);
  return { name: 'commission_from_orders', count: problems.length, examples: problems.slice(0, EXAMPLES_PER_INVARIANT) };
}

/**
 * The importer's opening balances (ledger type 11, domain/import/): every such row is an applied, passed
 * row of an imported player, made by an import run, and each imported player's rows add up, per wallet,
 * to what the importer recorded it brought (imported_players.opening_money / opening_score). A type-11
 * row written by anything else, or one lost, shows here.
 */
async function importOpeningBalances(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select l.user_id, l.id as ref, 'import_row_not_of_an_import' as problem, l.quantity as a, 0::bigint as b
    from ledger l left join imported_players p on p.user_id = l.user_id
    where l.type = 11 and (p.user_id is null or l.ref_type is distinct from 'import' or not l.applied or l.status <> 1)
    union all
    select p.user_id, p.user_id, 'opening_vs_rows', p.opening_money + p.opening_score, coalesce(l.lm, 0) + coalesce(l.ls, 0)
    from imported_players p left join (
      select user_id, coalesce(sum(quantity) filter (where wallet = 'money'), 0)::bigint as lm,
        coalesce(sum(quantity) filter (where wallet = 'score'), 0)::bigint as ls
      from ledger where type = 11 group by user_id
    ) l on l.user_id = p.user_id
    where p.opening_money <> coalesce(l.lm, 0) or p.opening_score <> coalesce(l.ls, 0)`,
  );
  return report('import_opening_balances', rows, (r) => {
    const detail: Record<string, number> =
      String(r.problem) === 'opening_vs_rows' ? { recorded: num(r.a), ledger: num(r.b) } : { ledger: num(r.ref), quantity: num(r.a) };
    return { userId: num(r.user_id), problem: String(r.problem), detail };
  });
}

/**
 * Balance adjustments (ledger type 12, domain/wallet/adjustments.ts), each posted once: an approved one
 * has exactly its passed, applied row of its amount; a pending debit its pending, applied row (the money
 * held) and a pending credit none; a rejected debit its rejected row and one refund row putting the
 * amount back, a rejected credit none. Every type-12 row belongs to an adjustment of its player and
 * wallet, as that adjustment's row or its refund; a gift reversal takes back at most its gift, of the
 * same player and wallet, and a gift is reversed at most once.
 */
async function adjustmentsPostedOnce(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select a.user_id, a.id as ref, 'adjustment_ledger_mismatch' as problem, a.amount as a, a.status as b
    from balance_adjustments a left join ledger l on l.id = a.ledger_id
    left join (select ref_id, count(*)::int as n, sum(quantity) as q, bool_and(applied and status = 1) as ok
               from ledger where ref_type = 'adjustment_refund' group by ref_id) r on r.ref_id = a.id
    where (case
        when a.status = 1 then l.id is null or l.status <> 1
        when a.amount < 0 then l.id is null or l.status <> a.status
        else a.ledger_id is not null end)
      or (l.id is not null and (l.type <> 12 or l.user_id <> a.user_id or l.wallet <> a.wallet or l.quantity <> a.amount or not l.applied
          or l.ref_type <> 'adjustment' or l.ref_id <> a.id))
      or coalesce(r.n, 0) <> (case when a.status = 2 and a.amount < 0 then 1 else 0 end)
      or (r.n is not null and (r.q <> -a.amount or not r.ok))
    union all
    select l.user_id, l.id, 'adjustment_row_without_adjustment', l.quantity, l.status
    from ledger l left join balance_adjustments a on a.id = l.ref_id and a.user_id = l.user_id and a.wallet = l.wallet
      and (l.ref_type = 'adjustment_refund' or a.ledger_id = l.id)
    where l.type = 12 and (a.id is null or l.ref_type not in ('adjustment', 'adjustment_refund'))
    union all
    select a.user_id, a.id, 'gift_reversal_mismatch', a.amount, coalesce(g.quantity, 0)
    from balance_adjustments a left join ledger g on g.id = a.gift_ledger_id
    where a.gift_ledger_id is not null and (g.id is null or g.type <> 4 or g.user_id <> a.user_id or g.wallet <> a.wallet
      or a.amount > 0 or -a.amount > g.quantity
      or (a.status <> 2 and exists (select 1 from balance_adjustments o where o.gift_ledger_id = a.gift_ledger_id and o.status <> 2 and o.id <> a.id)))`,
  );
  return report('balance_adjustments', rows, (r) => {
    const problem = String(r.problem);
    const detail: Record<string, number> =
      problem === 'adjustment_row_without_adjustment'
        ? { ledger: num(r.ref), quantity: num(r.a), status: num(r.b) }
        : problem === 'gift_reversal_mismatch'
          ? { adjustment: num(r.ref), amount: num(r.a), gift: num(r.b) }
          : { adjustment: num(r.ref), amount: num(r.a), status: num(r.b) };
    return { userId: num(r.user_id), problem, detail };
  });
}

/**
 * Red packets (ledger type 13, docs/red-packets.md#the-books): every type-13 row is the one applied, passed
 * row of a claim of its player, of the claim's amount, to the packet's wallet; each claim has exactly one;
 * each packet's counters are its claims (numbered 1…claimed) and each claim's amount is the share of its
 * number in the split recomputed from the packet's seed; the budget took each packet's total once when it
 * was dropped and got back, once it closed, exactly what was not claimed; the budget's balance is the sum
 * of its movements, each movement's balance-after follows the one before, and none is below zero.
 */
async function redPacketsPaidOnce(db: DbOrTx): Promise<InvariantReport> {
  const rows = await firstProblems(
    db,
    sql`
    select l.user_id, l.id as ref, 'share_row_without_claim' as problem, l.quantity as a, 0::bigint as b
    from ledger l left join red_packet_claims c on l.ref_type = 'red_packet_claim' and c.id = l.ref_id
      left join red_packets p on p.id = c.packet_id
    where l.type = 13 and (c.id is null or c.user_id <> l.user_id or c.amount <> l.quantity or p.wallet <> l.wallet or not l.applied or l.status <> 1)
    union all
    select c.user_id, c.id, 'claim_ledger_mismatch', c.amount, coalesce(l.n, 0)
    from red_packet_claims c left join (
      select ref_id, count(*)::int as n from ledger where type = 13 and ref_type = 'red_packet_claim' group by ref_id
    ) l on l.ref_id = c.id
    where coalesce(l.n, 0) <> 1
    union all
    select null::int, p.id, 'packet_counters', p.claimed, coalesce(c.n, 0)
    from red_packets p left join (
      select packet_id, count(*)::int as n, sum(amount)::bigint as paid, max(claim_no) as top from red_packet_claims group by packet_id
    ) c on c.packet_id = p.id
    where p.claimed <> coalesce(c.n, 0) or p.paid <> coalesce(c.paid, 0) or coalesce(c.top, 0) <> coalesce(c.n, 0)
    union all
    select null::int, p.id, 'packet_budget_mismatch', p.total, coalesce(-d.amount, 0) + coalesce(r.amount, 0)
    from red_packets p
      left join promotion_budget_movements d on d.packet_id = p.id and d.kind = 'packet'
      left join promotion_budget_movements r on r.packet_id = p.id and r.kind = 'return'
    where d.id is null or -d.amount <> p.total
       or (p.closed_at is null and r.id is not null)
       or (p.closed_at is not null and coalesce(r.amount, 0) <> p.total - p.paid)
       or p.returned <> coalesce(r.amount, 0)
    union all
    select null::int, b.id, 'budget_vs_movements', b.balance, coalesce(m.total, 0)
    from promotion_budget b left join (select sum(amount)::bigint as total from promotion_budget_movements) m on true
    where b.balance <> coalesce(m.total, 0) or b.balance < 0
    union all
    select null::int, m.id, 'budget_chain', m.balance_after, m.prev + m.amount
    from (select id, amount, balance_after, coalesce(lag(balance_after) over (order by id), 0) as prev from promotion_budget_movements) m
    where m.balance_after <> m.prev + m.amount or m.balance_after < 0`,
  );
  const examples = rows.map((r): Discrepancy => {
    const problem = String(r.problem);
    const detail: Record<string, number> =
      problem === 'share_row_without_claim'
        ? { ledger: num(r.ref), quantity: num(r.a) }
        : problem === 'claim_ledger_mismatch'
          ? { claim: num(r.ref), amount: num(r.a), rows: num(r.b) }
          : problem.startsWith('budget')
            ? { ref: num(r.ref), recorded: num(r.a), expected: num(r.b) }
            : { packet: num(r.ref), recorded: num(r.a), found: num(r.b) };
    return { userId: r.user_id === null ? null : num(r.user_id), problem, detail };
  });
  const split = await sharesVsSplit(db);
  return { name: 'red_packets', count: total(rows) + split.count, examples: [...examples, ...split.examples].slice(0, EXAMPLES_PER_INVARIANT) };
}

/** Each claim's amount against its number's share of the split recomputed from its packet's seed. */
async function sharesVsSplit(db: DbOrTx): Promise<{ count: number; examples: Discrepancy[] }> {
  const claims = await queryRows<{
    packet_id: string;
    seed: string;
    total: string;
    shares: number;
    claim_no: number;
    amount: string;
    user_id: number;
    id: string;
  }>(
    db,
    sql`select c.packet_id::text, p.seed, p.total::text, p.shares, c.claim_no, c.amount::text, c.user_id, c.id::text
        from red_packet_claims c join red_packets p on p.id = c.packet_id order by c.packet_id, c.claim_no`,
  );
  const splits = new Map<string, number[] | null>();
  let count = 0;
  const examples: Discrepancy[] = [];
  for (const c of claims) {
    if (!splits.has(c.packet_id)) {
      let shares: number[] | null = null;
      try {
        shares = splitRedPacket(c.seed, Number(c.total), Number(c.shares));
      } catch {
        shares = null;
      }
      splits.set(c.packet_id, shares);
    }
    const expected = splits.get(c.packet_id)?.[Number(c.claim_no) - 1];
    if (expected === Number(c.amount)) continue;
    count++;
    if (examples.length < EXAMPLES_PER_INVARIANT) {
      examples.push({
        userId: num(c.user_id),
        problem: 'share_vs_split',
        detail: { claim: num(c.id), packet: num(c.packet_id), claim_no: num(c.claim_no), amount: num(c.amount), expected: expected ?? 'no such share' },
      });
    }
  }
  return { count, examples };
}

/**
 * The ledger invariants (docs/design.md#the-invariants) over the whole database, each by name with its problem count and first
 * problems: I1–I7, each player's running balance, the wallet requests' bookkeeping, the referral commissions, the importer's opening balances, the balance adjustments and the red packets. One query per
 * invariant. Used by the operators' reconcile call and, after every server test file, by the test
 * helpers (test/invariantsAfterFile.ts).
 */
export async function checkInvariants(db: DbOrTx): Promise<InvariantReport[]> {
  const reports = [
    await balancesEqualLedger(db),
    await noNegativeBalance(db),
    await betsDebitedAndSettled(db),
    await idempotentOnce(db),
    await noBetAfterClose(db),
    await payoutsFromStoredOdds(db),
    await resultsFromSeeds(db),
    await runningBalance(db),
    await walletRequests(db),
    await rewardClaimsPaidOnce(db),
    await commissionsFromOrders(db),
    await importOpeningBalances(db),
    await adjustmentsPostedOnce(db),
    await redPacketsPaidOnce(db),
  ];
  const order = INVARIANT_NAMES as readonly string[];
  return reports.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

/** Every problem of every invariant (the first ones of each), as one list: empty = consistent. */
export async function findDiscrepancies(db: DbOrTx): Promise<Discrepancy[]> {
  return (await checkInvariants(db)).flatMap((r) => r.examples);
}
