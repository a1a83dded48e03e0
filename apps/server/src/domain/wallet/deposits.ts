import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_DEPOSIT_LIMITS, depositRangeProblem, formatMoney, isCurrencyCode, MAX_RATE, MAX_REQUEST_CENTS } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { deposits, ledger, settings } from '../../db/schema.js';
import { claimPending, queueRowOf, tellMoneyRequestRejected, type QueueColumns } from './claimPending.js';
import { AppError } from '../../errors.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { sendStationMessage } from '../content/notices.js';
import { findUploadForUse, uploadNameFrom, uploadUrl } from './uploads.js';
import { checkDepositLimits } from '../protection/limits.js';
import { exclusionOf, refuseIfExcluded } from '../protection/exclusion.js';
import { lockPlayer } from '../lockOrder.js';

/** Pending deposit requests one user may have at a time (keeps the review queue free of spam). */
export const MAX_PENDING_DEPOSITS = 5;

export interface DepositDetails {
  usdt: string;
  bankname: string;
  banknum: string;
  bankxm: string;
}

/** The operator's deposit details (settings key 'deposit'): USDT TRC20 address and bank account. */
export async function depositDetails(db: DbOrTx): Promise<DepositDetails> {
  const rows = await db.select().from(settings).where(eq(settings.key, 'deposit')).limit(1);
  const v = (rows[0]?.value ?? {}) as Partial<Record<keyof DepositDetails, unknown>>;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return { usdt: text(v.usdt), bankname: text(v.bankname), banknum: text(v.banknum), bankxm: text(v.bankxm) };
}

export interface DepositTerms {
  /** What 1 u is worth, millionths of a USDT; null when the operator states none. */
  usdtRate: number | null;
  /** The bank account's currency (ISO 4217) and what 1 u is worth in it, millionths; both null when not stated. */
  bankCurrency: string | null;
  bankRate: number | null;
  /** One request's smallest and largest amount, cents. */
  minDeposit: number;
  maxDeposit: number;
  /** Whether the operator set each limit (else the default applies). */
  limitsSet: { min: boolean; max: boolean };
}

const positiveUpTo = (x: unknown, max: number): number | null => (typeof x === 'number' && Number.isSafeInteger(x) && x > 0 && x <= max ? x : null);

/** The operator's deposit terms (settings 'deposit_rates' and 'deposit_limits'); a value the settings do not hold is not stated. */
export async function depositTerms(db: DbOrTx): Promise<DepositTerms> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ['deposit_rates', 'deposit_limits']));
  const of = (key: string) => (rows.find((r) => r.key === key)?.value ?? {}) as Record<string, unknown>;
  const rates = of('deposit_rates');
  const limits = of('deposit_limits');
  const currency = typeof rates.bank_currency === 'string' && isCurrencyCode(rates.bank_currency) ? rates.bank_currency : null;
  const bankRate = positiveUpTo(rates.bank, MAX_RATE);
  const min = positiveUpTo(limits.min, MAX_REQUEST_CENTS);
  const max = positiveUpTo(limits.max, MAX_REQUEST_CENTS);
  return {
    usdtRate: positiveUpTo(rates.usdt, MAX_RATE),
    bankCurrency: currency !== null && bankRate !== null ? currency : null,
    bankRate: currency !== null ? bankRate : null,
    minDeposit: min ?? DEFAULT_DEPOSIT_LIMITS.min,
    maxDeposit: max ?? DEFAULT_DEPOSIT_LIMITS.max,
    limitsSet: { min: min !== null, max: max !== null },
  };
}

/** The caller's deposit requests awaiting review, newest first (at most MAX_PENDING_DEPOSITS). */
export async function pendingDeposits(db: DbOrTx, userId: number) {
  return db
    .select({ id: deposits.id, amount: deposits.amount, channel: deposits.channel, createdAt: deposits.createdAt })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 0)))
    .orderBy(sql`${deposits.createdAt} desc, ${deposits.id} desc`);
}

/**
 * A deposit request: a deposits row and its recharge ledger row, pending (status 0) and not applied —
 * the amount reaches the balance only when an operator approves it. The screenshot must be one of the
 * caller's own recharge screenshots, not already used by another request. Runs in the caller's transaction.
 */
export async function requestDeposit(
  tx: DbOrTx,
  opts: { userId: number; amount: number; channel: 'usdt' | 'bank'; screenshot: string; now: number; timeZone: string },
): Promise<{ id: number; ledgerId: number }> {
  const name = uploadNameFrom(opts.screenshot);
  const upload = name ? await findUploadForUse(tx, name) : undefined;
  if (!upload || upload.userId !== opts.userId || upload.kind !== 'recharge_screenshot') {
    throw new AppError('err.screenshot_invalid', { field: 'screenshot' });
  }
  // The player first (domain/lockOrder.ts); it also serialises this user's requests, so the pending cap holds under concurrency.
  const user = await lockPlayer<{ over: number | string; excluded_until: unknown; exclusion_kind: unknown }>(
    tx,
    opts.userId,
    sql`money + score as over, excluded_until, exclusion_kind`,
  );
  if (!user) throw new AppError('err.not_found');
  // The operator's range for one request (read in this transaction, as the page showed it).
  const terms = await depositTerms(tx);
  const outOfRange = depositRangeProblem(opts.amount, { min: terms.minDeposit, max: terms.maxDeposit });
  if (outOfRange) throw new AppError(outOfRange, { field: 'money', params: { min: formatMoney(terms.minDeposit), max: formatMoney(terms.maxDeposit) } });
  // Player protection: no deposit during a time-out or self-exclusion, none past a deposit limit.
  refuseIfExcluded(exclusionOf(user, opts.now), opts.timeZone);
  await checkDepositLimits(tx, { userId: opts.userId, amount: opts.amount, now: opts.now, timeZone: opts.timeZone });
  const [pending] = await queryRows<{ n: number }>(
    tx,
    sql`
    select count(*)::int as n from deposits where user_id = ${opts.userId} and status = 0`,
  );
  if (Number(pending?.n ?? 0) >= MAX_PENDING_DEPOSITS) throw new AppError('err.deposit_too_many_pending');
  const inserted = await tx
    .insert(deposits)
    .values({ userId: opts.userId, amount: opts.amount, channel: opts.channel, uploadId: upload.id, createdAt: new Date(opts.now) })
    .onConflictDoNothing()
    .returning({ id: deposits.id });
  const deposit = inserted[0];
  if (!deposit) throw new AppError('err.screenshot_used', { field: 'screenshot' });
  const [row] = await tx
    .insert(ledger)
    .values({
      userId: opts.userId,
      type: LedgerType.recharge,
      status: LedgerStatus.pending,
      wallet: 'money',
      quantity: opts.amount,
      applied: false,
      over: Number(user.over),
      refType: 'deposit',
      refId: deposit.id,
      memo: opts.channel,
      createdAt: new Date(opts.now),
    })
    .returning({ id: ledger.id });
  await tx.update(deposits).set({ ledgerId: row!.id }).where(eq(deposits.id, deposit.id));
  return { id: deposit.id, ledgerId: row!.id };
}

/** Approval: the balance goes up and the pending ledger row becomes passed and applied, in one transaction (claimPending locks the player first). */
export async function approveDeposit(tx: DbOrTx, opts: { id: number; operatorId: number | null; now: number }) {
  const deposit = await claimPending(tx, deposits, { id: opts.id, from: 0, to: 1, operatorId: opts.operatorId, now: opts.now });
  const [user] = await queryRows<{ over: number | string }>(
    tx,
    sql`
    update users set money = money + ${deposit.amount} where id = ${deposit.userId} returning money + score as over`,
  );
  const updated = await tx
    .update(ledger)
    .set({ status: LedgerStatus.passed, applied: true, over: Number(user!.over) })
    .where(and(eq(ledger.id, deposit.ledgerId!), eq(ledger.applied, false), eq(ledger.status, LedgerStatus.pending)))
    .returning({ id: ledger.id });
  // Never reached while the invariants hold; if it were, the whole approval rolls back.
  if (updated.length !== 1) throw new Error(`deposit ${deposit.id}: ledger row ${deposit.ledgerId} is not pending`);
  await sendStationMessage(tx, { userId: deposit.userId, event: 'deposit_approved', params: { amount: formatMoney(deposit.amount) }, now: opts.now });
  return deposit;
}

/** Rejection: status 2 on the request and its ledger row; nothing is credited. */
export async function rejectDeposit(tx: DbOrTx, opts: { id: number; operatorId: number | null; now: number; reason?: string }) {
  const deposit = await claimPending(tx, deposits, { id: opts.id, from: 0, to: 2, operatorId: opts.operatorId, now: opts.now, reason: opts.reason });
  await tx
    .update(ledger)
    .set({ status: LedgerStatus.rejected, ...(opts.reason ? { memo: opts.reason } : {}) })
    .where(and(eq(ledger.id, deposit.ledgerId!), eq(ledger.applied, false)));
  await tellMoneyRequestRejected(tx, deposit, 'deposit_rejected', opts);
  return deposit;
}

/** The operators' queue: oldest first, with the player's name and the screenshot's private address. */
export async function listDeposits(db: DbOrTx, status: number, limit = 200) {
  const rows = await queryRows<QueueColumns & { amount: number | string; channel: string; reviewed_at: Date | string | null; upload_name: string | null }>(
    db,
    sql`
    select d.id, d.user_id, u.username, d.amount, d.channel, d.status, d.reason, d.created_at, d.reviewed_at, up.name as upload_name
    from deposits d join users u on u.id = d.user_id left join uploads up on up.id = d.upload_id
    where d.status = ${status}
    order by d.created_at ${status === 0 ? sql`asc` : sql`desc`}, d.id
    limit ${limit}`,
  );
  return rows.map((r) => ({
    ...queueRowOf(r),
    amount: formatMoney(Number(r.amount)),
    channel: r.channel,
    screenshot: r.upload_name ? uploadUrl(r.upload_name) : '',
    reviewtime: r.reviewed_at ? Math.floor(new Date(r.reviewed_at).getTime() / 1000) : null,
  }));
}
