/**
 * The reconciliation of the referral programme (invariant `commission_from_orders`): every computed
 * day's commission rows are recomputed here, in JavaScript with the shared `houseEdgeScaled`, from the
 * orders settled that day, the links (inviter, flag) and the settings and exclusions the day recorded —
 * a row too many, missing or of another amount is a problem — and every type-5 ledger row pays exactly
 * the rows that point to it, to their referrer.
 */
import { EVEN_MONEY_PAID, houseEdgeScaled } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { LedgerType } from '../ledger/post.js';
import { CommissionStatus, Pot } from './commission.js';
import { BASIS_POINTS } from './settings.js';

export interface CommissionProblem {
  userId: number | null;
  problem: 'commission_vs_orders' | 'commission_payment';
  detail: Record<string, number | string>;
}

interface Sum {
  orders: number;
  stakes: bigint;
  edge1: bigint;
  edge2: bigint;
}

const num = (v: unknown) => Number(v);

export async function commissionProblems(db: DbOrTx): Promise<CommissionProblem[]> {
  const days = await queryRows<{ day: string; enabled: boolean; rate1_bp: number; rate2_bp: number; level2: boolean; excluded_invitees: unknown }>(
    db,
    sql`select day, enabled, rate1_bp, rate2_bp, level2, excluded_invitees from referral_days`,
  );
  if (days.length === 0) return [];
  const groups = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select d.day, o.user_id, o.play_type, o.odds, o.odds_special, sum(o.amount)::bigint as amount, count(*)::int as n
    from referral_days d join orders o on o.status = 1 and o.settled_at >= d.starts_at and o.settled_at < d.ends_at
    join users i on i.id = o.user_id and i.inviter_id is not null
    where d.enabled
    group by 1, 2, 3, 4, 5`,
  );
  const people = await queryRows<{ id: number; inviter_id: number | null; group_id: number; referral_flag: string | null }>(
    db,
    sql`select id, inviter_id, group_id, referral_flag from users where inviter_id is not null or id in (select inviter_id from users where inviter_id is not null)`,
  );
  const person = new Map(people.map((p) => [num(p.id), p]));
  const dayOf = new Map(days.map((d) => [d.day, d]));
  const expected = new Map<string, Sum & { day: string; referrer: number; pot: number }>();
  const add = (day: string, referrer: number, pot: number, level: 1 | 2, n: number, stakes: number, edge: number) => {
    const key = `${day}|${referrer}|${pot}`;
    const e = expected.get(key) ?? { day, referrer, pot, orders: 0, stakes: 0n, edge1: 0n, edge2: 0n };
    e.orders += n;
    e.stakes += BigInt(stakes);
    if (level === 1) e.edge1 += BigInt(edge);
    else e.edge2 += BigInt(edge);
    expected.set(key, e);
  };
  for (const g of groups) {
    const d = dayOf.get(String(g.day))!;
    const invitee = person.get(num(g.user_id));
    const excluded = excludedOf(d.excluded_invitees);
    if (!invitee || num(invitee.group_id) !== 1 || invitee.inviter_id === null || excluded.has(num(invitee.id))) continue;
    const edge = houseEdgeScaled({
      playType: num(g.play_type),
      amount: num(g.amount),
      odds: num(g.odds),
      oddsSpecial: g.odds_special === null ? null : num(g.odds_special),
    });
    const pot = invitee.referral_flag === null ? Pot.normal : Pot.flagged;
    const l1 = person.get(num(invitee.inviter_id));
    if (l1 && num(l1.group_id) === 1) add(d.day, num(l1.id), pot, 1, num(g.n), num(g.amount), edge);
    if (d.level2 && l1?.inviter_id != null) {
      const l2 = person.get(num(l1.inviter_id));
      if (l2 && num(l2.group_id) === 1) add(d.day, num(l2.id), pot, 2, num(g.n), num(g.amount), edge);
    }
  }

  const stored = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, day, referrer_id, pot, orders, stakes, edge1::text as edge1, edge2::text as edge2, amount, status, ledger_id from referral_commissions`,
  );
  const problems: CommissionProblem[] = [];
  const seen = new Set<string>();
  for (const r of stored) {
    const key = `${r.day}|${num(r.referrer_id)}|${num(r.pot)}`;
    seen.add(key);
    const e = expected.get(key);
    const d = dayOf.get(String(r.day));
    const want = e && d ? (e.edge1 * BigInt(d.rate1_bp) + e.edge2 * BigInt(d.rate2_bp)) / BigInt(EVEN_MONEY_PAID * BASIS_POINTS) : null;
    const same =
      e &&
      want !== null &&
      e.orders === num(r.orders) &&
      e.stakes === BigInt(String(r.stakes)) &&
      e.edge1 === BigInt(String(r.edge1)) &&
      e.edge2 === BigInt(String(r.edge2)) &&
      want === BigInt(String(r.amount));
    if (!same) {
      problems.push({
        userId: num(r.referrer_id),
        problem: 'commission_vs_orders',
        detail: { day: String(r.day), row: num(r.id), amount: num(r.amount), expected: want === null ? 'no such commission' : want.toString() },
      });
    }
    const paid = num(r.status) === CommissionStatus.paid;
    if (paid !== (r.ledger_id !== null) && !(paid && num(r.amount) === 0)) {
      problems.push({ userId: num(r.referrer_id), problem: 'commission_payment', detail: { day: String(r.day), row: num(r.id), status: num(r.status) } });
    }
  }
  for (const [key, e] of expected) {
    if (seen.has(key)) continue;
    const d = dayOf.get(e.day)!;
    const want = (e.edge1 * BigInt(d.rate1_bp) + e.edge2 * BigInt(d.rate2_bp)) / BigInt(EVEN_MONEY_PAID * BASIS_POINTS);
    problems.push({ userId: e.referrer, problem: 'commission_vs_orders', detail: { day: e.day, row: 'missing', amount: 0, expected: want.toString() } });
  }

  const payments = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select l.id, l.user_id, l.quantity, l.ref_type, l.ref_id, l.wallet, l.status, l.applied,
      (select count(*)::int from referral_commissions c where c.ledger_id = l.id) as rows,
      (select coalesce(sum(c.amount), 0)::bigint from referral_commissions c where c.ledger_id = l.id) as owed,
      (select count(*)::int from referral_commissions c where c.ledger_id = l.id and (c.referrer_id <> l.user_id or c.status <> ${CommissionStatus.paid})) as foreign_rows,
      (select count(*)::int from referral_commissions c where c.ledger_id = l.id and c.id = l.ref_id) as names_its_row
    from ledger l where l.type = ${LedgerType.commission}`,
  );
  for (const p of payments) {
    const ok =
      num(p.rows) > 0 &&
      num(p.quantity) === num(p.owed) &&
      num(p.foreign_rows) === 0 &&
      num(p.names_its_row) === 1 &&
      p.ref_type === 'commission' &&
      p.wallet === 'money' &&
      num(p.status) === 1 &&
      p.applied === true;
    if (!ok)
      problems.push({ userId: num(p.user_id), problem: 'commission_payment', detail: { ledger: num(p.id), quantity: num(p.quantity), owed: num(p.owed) } });
  }
  return problems;
}

function excludedOf(value: unknown): Set<number> {
  if (Array.isArray(value)) return new Set(value.map(num));
  // node-postgres parses int[]; PGlite may answer the text form "{1,2}".
  const text = String(value ?? '{}').replace(/[{}]/g, '');
  return new Set(text === '' ? [] : text.split(',').map(num));
}
