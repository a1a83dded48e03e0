/**
 * The console's view of the referral programme (issue 24): a player's tree two levels deep, the daily
 * report, the held queue with the flagged pairs, and an operator's release or void of a held commission.
 */
import { formatMoney } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { LedgerType, postLedger } from '../ledger/post.js';
import { lockPlayer } from '../lockOrder.js';
import { CommissionStatus } from './commission.js';
import { edgeCents } from './team.js';

const TREE_SHOWN = 500;
const FLAGGED_SHOWN = 200;
const unix = (v: unknown) => Math.floor(new Date(v as string).getTime() / 1000);
const money = (v: unknown) => formatMoney(Number(v ?? 0));

export async function referralTree(db: DbOrTx, userId: number) {
  const [player] = await queryRows<Record<string, unknown>>(
    db,
    sql`select u.id, u.username, u.inviter_id, i.username as inviter_name from users u left join users i on i.id = u.inviter_id where u.id = ${userId}`,
  );
  if (!player) return null;
  const members = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with team as (
      select 1 as level, u.id, u.username, u.created_at, u.referral_flag, null::int as via from users u where u.inviter_id = ${userId}
      union all
      select 2, g.id, g.username, g.created_at, g.referral_flag, u.id from users u join users g on g.inviter_id = u.id where u.inviter_id = ${userId}
    )
    select t.*, (select count(*)::int from users x where x.inviter_id = t.id) as invitees, count(*) over (partition by t.level) as total
    from team t order by t.level, t.created_at desc, t.id desc`,
  );
  const level = (n: number) => members.filter((m) => Number(m.level) === n);
  const present = (m: Record<string, unknown>) => ({
    id: Number(m.id),
    username: String(m.username),
    created_at: unix(m.created_at),
    flag: (m.referral_flag as string | null) ?? null,
    invitees: Number(m.invitees),
  });
  const [earned] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select coalesce(sum(amount) filter (where status = ${CommissionStatus.paid}), 0) as paid, coalesce(sum(amount) filter (where status = ${CommissionStatus.held}), 0) as held,
      coalesce(sum(amount) filter (where status = ${CommissionStatus.pending}), 0) as pending, coalesce(sum(amount) filter (where status = ${CommissionStatus.voided}), 0) as voided
    from referral_commissions where referrer_id = ${userId}`,
  );
  return {
    player: {
      id: Number(player.id),
      username: String(player.username),
      inviter: player.inviter_id === null ? null : { id: Number(player.inviter_id), username: String(player.inviter_name ?? '') },
    },
    level1: level(1).slice(0, TREE_SHOWN).map(present),
    level2: level(2)
      .slice(0, TREE_SHOWN)
      .map((m) => ({ ...present(m), via: Number(m.via) })),
    counts: { level1: level(1).length, level2: level(2).length },
    earned: { paid: money(earned?.paid), held: money(earned?.held), pending: money(earned?.pending), voided: money(earned?.voided) },
  };
}

const rowColumns = sql`c.id, c.day, c.referrer_id, u.username, c.pot, c.orders, c.stakes, (c.edge1 + c.edge2)::text as edge, c.amount, c.status, c.hold_reason`;

function presentRow(r: Record<string, unknown>) {
  return {
    id: Number(r.id),
    day: String(r.day),
    referrer_id: Number(r.referrer_id),
    username: String(r.username),
    pot: Number(r.pot),
    orders: Number(r.orders),
    stakes: money(r.stakes),
    edge: formatMoney(edgeCents(r.edge)),
    amount: money(r.amount),
    status: Number(r.status),
    hold_reason: (r.hold_reason as string | null) ?? null,
  };
}

/** Days `from` … `to` ("YYYY-MM-DD"): per day, and per referrer and day (paged). */
export async function referralReport(db: DbOrTx, opts: { from: string; to: string; page: number; limit: number }) {
  const days = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select d.day, count(distinct c.referrer_id)::int as referrers, coalesce(sum(c.stakes), 0) as stakes, coalesce(sum(c.edge1 + c.edge2), 0)::text as edge,
      coalesce(sum(c.amount) filter (where c.status = ${CommissionStatus.paid}), 0) as paid, coalesce(sum(c.amount) filter (where c.status = ${CommissionStatus.held}), 0) as held,
      coalesce(sum(c.amount) filter (where c.status = ${CommissionStatus.pending}), 0) as pending, coalesce(sum(c.amount) filter (where c.status = ${CommissionStatus.voided}), 0) as voided
    from referral_days d left join referral_commissions c on c.day = d.day
    where d.day >= ${opts.from} and d.day <= ${opts.to}
    group by d.day order by d.day desc`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select ${rowColumns}, count(*) over () as total
    from referral_commissions c join users u on u.id = c.referrer_id
    where c.day >= ${opts.from} and c.day <= ${opts.to}
    order by c.day desc, c.amount desc, c.id limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`,
  );
  return {
    days: days.map((d) => ({
      day: String(d.day),
      referrers: Number(d.referrers),
      stakes: money(d.stakes),
      edge: formatMoney(edgeCents(d.edge)),
      paid: money(d.paid),
      held: money(d.held),
      pending: money(d.pending),
      voided: money(d.voided),
    })),
    total: Number(rows[0]?.total ?? 0),
    list: rows.map(presentRow),
  };
}

export async function heldQueue(db: DbOrTx) {
  const held = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${rowColumns} from referral_commissions c join users u on u.id = c.referrer_id where c.status = ${CommissionStatus.held} order by c.day, c.id`,
  );
  const flagged = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select i.id as invitee_id, i.username as invitee, r.id as referrer_id, r.username as referrer, i.referral_flag as flag, i.created_at
    from users i join users r on r.id = i.inviter_id where i.referral_flag is not null order by i.created_at desc, i.id desc limit ${FLAGGED_SHOWN}`,
  );
  return {
    held: held.map(presentRow),
    flagged: flagged.map((f) => ({
      invitee_id: Number(f.invitee_id),
      invitee: String(f.invitee),
      referrer_id: Number(f.referrer_id),
      referrer: String(f.referrer),
      flag: String(f.flag),
      created_at: unix(f.created_at),
    })),
  };
}

/**
 * An operator's decision on held commission row `id`, in the caller's (audited) transaction: `release`
 * pays it now — one type-5 ledger row naming it — unless the referrer is frozen or excluded; `void`
 * drops it for good. The referrer is locked first (domain/lockOrder.ts), then the row.
 */
export async function decideHeld(tx: DbOrTx, opts: { id: number; action: 'release' | 'void'; operatorId: number; now: number }) {
  const [found] = await queryRows<{ referrer_id: number }>(tx, sql`select referrer_id from referral_commissions where id = ${opts.id}`);
  if (!found) throw new AppError('err.not_found', { field: 'id' });
  const at = new Date(opts.now).toISOString();
  const referrer = await lockPlayer<{ id: number; blocked: boolean }>(
    tx,
    Number(found.referrer_id),
    sql`id, (disabled or coalesce(excluded_until > ${at}::timestamptz, false)) as blocked`,
  );
  const [row] = await queryRows<{ id: number; amount: string | number; status: number; day: string }>(
    tx,
    sql`select id, amount, status, day from referral_commissions where id = ${opts.id} for update`,
  );
  if (!row || Number(row.status) !== CommissionStatus.held) throw new AppError('err.referral_not_held', { field: 'id' });
  const amount = Number(row.amount);
  if (opts.action === 'void') {
    await tx.execute(
      sql`update referral_commissions set status = ${CommissionStatus.voided}, decided_by = ${opts.operatorId}, decided_at = ${at} where id = ${opts.id}`,
    );
    return { id: opts.id, status: CommissionStatus.voided, amount: formatMoney(amount) };
  }
  if (referrer?.blocked) throw new AppError('err.referral_referrer_blocked', { field: 'id' });
  let ledgerId: number | null = null;
  if (amount > 0) {
    const paid = await postLedger(tx, {
      userId: Number(found.referrer_id),
      type: LedgerType.commission,
      wallet: 'money',
      quantity: amount,
      refType: 'commission',
      refId: opts.id,
      memo: `commission ${row.day}`,
      createdAt: new Date(opts.now),
    });
    ledgerId = paid.id;
  }
  await tx.execute(
    sql`update referral_commissions set status = ${CommissionStatus.paid}, ledger_id = ${ledgerId}, decided_by = ${opts.operatorId}, decided_at = ${at} where id = ${opts.id}`,
  );
  return { id: opts.id, status: CommissionStatus.paid, amount: formatMoney(amount) };
}
