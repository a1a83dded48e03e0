/**
 * Requests in flight at the source, brought to ours and kept in step run after run.
 *
 * A pending withdrawal (fa_quantity_log type 1, status 0) was already debited there: here it becomes a
 * pending withdrawal request whose funds are held exactly as ours are — an opening entry (type 11) of its
 * amount, then the hold (the pending type-1 row) — paid to the player's bound account (the wallet when the
 * source's note names its address, else the bank card, else the wallet; the note itself when none is bound).
 * We allow one pending withdrawal per player: a player with several gets ONE request of their sum, its
 * time the oldest's. When the source decides them — all approved or all rejected — ours is decided the
 * same way; when the set changes otherwise, ours is closed and refunded (no message to the player) and one
 * request for the set still pending takes its place; the balance phase then settles the difference.
 *
 * A pending deposit (type 0, status 0) was never credited: here a pending deposit request, approved or
 * rejected when the source decides it.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { ledger, withdrawals } from '../../db/schema.js';
import { LedgerStatus, LedgerType, postLedger } from '../ledger/post.js';
import { claimPending } from '../wallet/claimPending.js';
import { approveDeposit, rejectDeposit } from '../wallet/deposits.js';
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal, type PayoutAccount } from '../wallet/withdrawals.js';
import { eq } from 'drizzle-orm';
import { inChunk, type ImportContext } from './context.js';
import { centsOf, instantOf, intOf, textOf } from './convert.js';
import type { CountsDelta } from './journal.js';

export const IMPORT_REF = 'import';
export const HELD_MEMO = 'held for a pending withdrawal';
const REPLACED = "replaced: the previous site's pending withdrawals changed";

interface SourceRequest {
  id: number;
  userId: number;
  type: number;
  status: number;
  amount: number;
  mark: string;
  at: Date;
}

const PLAYERS_PER_CHUNK = 200;

export async function importRequests(ctx: ImportContext): Promise<void> {
  if (ctx.run.cursors.requests === true) return;
  const mapped = await queryRows<{ entity: string; source_id: string; our_id: number | string }>(
    ctx.target.db,
    sql`select entity, source_id, our_id from import_map where entity in ('withdrawal', 'deposit')`,
  );
  const mappedIds = mapped.map((m) => Number(m.source_id));
  const rows = await ctx.source.rows(
    `SELECT id, user_id, type, status, quantity, mark, createtime FROM fa_quantity_log
     WHERE (type IN (0, 1) AND status = 0)${mappedIds.length ? ` OR id IN (${mappedIds.join(',')})` : ''} ORDER BY user_id, id`,
  );
  const now = new Date(ctx.now());
  const byUser = new Map<number, SourceRequest[]>();
  for (const r of rows) {
    const req = {
      id: intOf(r.id),
      userId: intOf(r.user_id),
      type: intOf(r.type),
      status: intOf(r.status),
      // A withdrawal's row is negative at the source (a debit); the request is of its size.
      amount: Math.abs(centsOf(r.quantity)),
      mark: textOf(r.mark),
      at: instantOf(r.createtime, now),
    };
    byUser.set(req.userId, [...(byUser.get(req.userId) ?? []), req]);
  }
  const ourOf = new Map(mapped.map((m) => [`${m.entity}:${m.source_id}`, Number(m.our_id)]));
  const players = [...byUser.keys()].sort((a, b) => a - b);
  const start = ctx.run.cursors.requests ?? 0;
  for (let i = 0; i < players.length; i += PLAYERS_PER_CHUNK) {
    const group = players.slice(i, i + PLAYERS_PER_CHUNK).filter((p) => p > start);
    if (group.length === 0) continue;
    await inChunk(ctx, 'requests', group[group.length - 1]!, async (tx) => {
      let delta: Record<string, CountsDelta> = {};
      for (const sourceUser of group) {
        const d = await playerRequests(tx, ctx, sourceUser, byUser.get(sourceUser)!, ourOf);
        delta = mergeDelta(delta, d);
      }
      return delta;
    });
  }
  await inChunk(ctx, 'requests', true, async () => ({}));
}

function mergeDelta(a: Record<string, CountsDelta>, b: Record<string, CountsDelta>): Record<string, CountsDelta> {
  const out = { ...a };
  for (const [table, d] of Object.entries(b)) {
    const was = out[table] ?? {};
    const skipped = { ...(was.skipped ?? {}) };
    for (const [k, n] of Object.entries(d.skipped ?? {})) skipped[k] = (skipped[k] ?? 0) + n;
    out[table] = {
      read: (was.read ?? 0) + (d.read ?? 0),
      imported: (was.imported ?? 0) + (d.imported ?? 0),
      updated: (was.updated ?? 0) + (d.updated ?? 0),
      unchanged: (was.unchanged ?? 0) + (d.unchanged ?? 0),
      skipped,
    };
  }
  return out;
}

async function playerRequests(
  tx: Tx,
  ctx: ImportContext,
  sourceUser: number,
  requests: SourceRequest[],
  ourOf: Map<string, number>,
): Promise<Record<string, CountsDelta>> {
  const [player] = await queryRows<{ user_id: number }>(tx, sql`select user_id from imported_players where source_id = ${sourceUser}`);
  const w = { read: 0, imported: 0, updated: 0, unchanged: 0 };
  const d = { read: 0, imported: 0, updated: 0, unchanged: 0 };
  if (!player) {
    return {
      withdrawals: { read: requests.filter((r) => r.type === 1).length, skipped: { 'player not imported': requests.filter((r) => r.type === 1).length } },
    };
  }
  const userId = player.user_id;
  const now = ctx.now();
  // Deposits: one of ours for each of theirs.
  for (const r of requests.filter((q) => q.type === 0)) {
    d.read++;
    const ours = ourOf.get(`deposit:${r.id}`);
    if (ours === undefined) {
      if (r.status !== 0) continue;
      const [balance] = await queryRows<{ over: number | string }>(tx, sql`select money + score as over from users where id = ${userId} for update`);
      const [dep] = await queryRows<{ id: number | string }>(
        tx,
        sql`insert into deposits (user_id, amount, channel, created_at) values (${userId}, ${r.amount}, ${/usdt|trc20|erc20/i.test(r.mark) ? 'usdt' : 'bank'}, ${r.at.toISOString()}) returning id`,
      );
      const [row] = await tx
        .insert(ledger)
        .values({
          userId,
          type: LedgerType.recharge,
          status: LedgerStatus.pending,
          wallet: 'money',
          quantity: r.amount,
          applied: false,
          over: Number(balance!.over),
          refType: 'deposit',
          refId: Number(dep!.id),
          memo: 'previous site',
          createdAt: r.at,
        })
        .returning({ id: ledger.id });
      await tx.execute(sql`update deposits set ledger_id = ${row!.id} where id = ${dep!.id}`);
      await tx.execute(sql`insert into import_map (entity, source_id, our_id) values ('deposit', ${String(r.id)}, ${dep!.id})`);
      d.imported++;
      continue;
    }
    const [state] = await queryRows<{ status: number }>(tx, sql`select status from deposits where id = ${ours}`);
    if (state!.status !== 0 || r.status === 0) {
      d.unchanged++;
      continue;
    }
    if (r.status === 1) await approveDeposit(tx, { id: ours, operatorId: null, now });
    else await rejectDeposit(tx, { id: ours, operatorId: null, now });
    d.updated++;
  }
  // Withdrawals: one pending request of ours for all of theirs that are pending.
  const theirs = requests.filter((q) => q.type === 1);
  w.read = theirs.length;
  const [open] = await queryRows<{ id: number | string }>(
    tx,
    sql`select w.id from withdrawals w where w.user_id = ${userId} and w.status = 0
        and exists (select 1 from import_map m where m.entity = 'withdrawal' and m.our_id = w.id)`,
  );
  const openId = open ? Number(open.id) : undefined;
  // A source request mapped to one of ours already decided here is settled on our side: not held again.
  const pending = theirs.filter((q) => q.status === 0 && [undefined, openId].includes(ourOf.get(`withdrawal:${q.id}`)));
  const covered = openId === undefined ? [] : theirs.filter((q) => ourOf.get(`withdrawal:${q.id}`) === openId);
  const samePending = covered.length === pending.length && covered.every((q) => q.status === 0);
  if (openId !== undefined && samePending) {
    w.unchanged += pending.length;
    return { withdrawals: w, deposits: d };
  }
  if (openId !== undefined) {
    const statuses = new Set(covered.map((q) => q.status));
    const decidedAlike = covered.length > 0 && statuses.size === 1 && !statuses.has(0);
    if (decidedAlike && statuses.has(1)) await approveWithdrawal(tx, { id: openId, operatorId: null, now });
    else if (decidedAlike && statuses.has(2)) await rejectWithdrawal(tx, { id: openId, operatorId: null, now });
    else await closeReplaced(tx, openId, now);
    w.updated += covered.length;
  }
  if (pending.length > 0) {
    await holdPending(tx, ctx, userId, pending);
    w.imported += pending.length;
  }
  return { withdrawals: w, deposits: d };
}

/** Closes our request that no longer matches the source's pending set: refunded, as a rejection books it, without a message. */
async function closeReplaced(tx: Tx, id: number, now: number) {
  const w = await claimPending(tx, withdrawals, { id, from: 0, to: 2, operatorId: null, now, reason: REPLACED });
  await tx.update(ledger).set({ status: LedgerStatus.rejected }).where(eq(ledger.id, w.ledgerId!));
  await postLedger(tx, {
    userId: w.userId,
    type: LedgerType.withdraw,
    wallet: 'money',
    quantity: w.amount,
    refType: 'withdrawal_refund',
    refId: w.id,
    memo: 'refund: replaced',
    createdAt: new Date(now),
  });
}

/** The player's payout account for a withdrawal whose source note is `mark`. */
async function payoutAccountFor(tx: Tx, userId: number, mark: string): Promise<PayoutAccount> {
  const bound = await queryRows<{ type: number; acc: string; acc_name: string; acc_bank: string; mark: string }>(
    tx,
    sql`select type, acc, acc_name, acc_bank, mark from pay_accounts where user_id = ${userId} order by type`,
  );
  const card = bound.find((b) => b.type === 0);
  const wallet = bound.find((b) => b.type === 1);
  const chosen = wallet && mark.includes(wallet.acc) ? wallet : (card ?? wallet);
  if (chosen) return { type: chosen.type, acc: chosen.acc, acc_name: chosen.acc_name, acc_bank: chosen.acc_bank, mark: chosen.mark };
  return { type: 0, acc: '', acc_name: '', acc_bank: '', mark: `previous site: ${mark}`.slice(0, 100) };
}

async function holdPending(tx: Tx, ctx: ImportContext, userId: number, pending: SourceRequest[]) {
  const amount = pending.reduce((s, q) => s + q.amount, 0);
  const oldest = pending.reduce((a, b) => (a.at <= b.at ? a : b));
  await postLedger(tx, {
    userId,
    type: LedgerType.importOpening,
    wallet: 'money',
    quantity: amount,
    refType: IMPORT_REF,
    refId: ctx.run.id,
    memo: HELD_MEMO,
    createdAt: new Date(ctx.now()),
  });
  await tx.execute(sql`update imported_players set opening_money = opening_money + ${amount} where user_id = ${userId}`);
  const account = await payoutAccountFor(tx, userId, oldest.mark);
  const made = await requestWithdrawal(tx, { userId, amount, account, now: oldest.at.getTime() });
  for (const q of pending) {
    await tx.execute(
      sql`insert into import_map (entity, source_id, our_id) values ('withdrawal', ${String(q.id)}, ${made.id})
          on conflict (entity, source_id) do update set our_id = excluded.our_id`,
    );
  }
}
