/**
 * Operator-editable settings, one `settings` row per key, read from the database on
 * every use so that a change reaches players at once, on every node, without a restart:
 * - `deposit`: { usdt, bankname, banknum, bankxm } (the recharge screen);
 * - `deposit_rates`: { usdt, bank (millionths of a currency for 1 u), bank_currency } and
 *   `deposit_limits`: { min, max } (cents, one request): the deposit page's terms (`depositTerms`);
 * - `support_url`: the customer-service chat page (overrides SUPPORT_CHAT_URL; empty = that variable);
 * - `min_withdraw`: cents (default 100 u, docs/product.md#validation-rules);
 * - `version_label`: the version shown to players (empty = the app's own);
 * - `adjust_approval_above`: cents; a balance adjustment above it needs a second operator (default 1,000 u,
 *   docs/design.md#balance-adjustments).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { depositDetails, depositTerms, type DepositDetails, type DepositTerms } from '../wallet/deposits.js';
import { DEFAULT_ADJUST_APPROVAL_ABOVE_CENTS, MIN_WITHDRAW_CENTS } from '@lucky28/shared';

export interface SiteSettings {
  deposit: DepositDetails;
  depositTerms: DepositTerms;
  supportUrl: string | null;
  minWithdraw: number;
  versionLabel: string;
  adjustApprovalAbove: number;
}

const ADJUST_APPROVAL_KEY = 'adjust_approval_above';
const KEYS = ['support_url', 'min_withdraw', 'version_label', ADJUST_APPROVAL_KEY];

export async function readSiteSettings(db: DbOrTx): Promise<SiteSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS));
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const url = value('support_url');
  const min = value('min_withdraw');
  const label = value('version_label');
  return {
    deposit: await depositDetails(db),
    depositTerms: await depositTerms(db),
    supportUrl: typeof url === 'string' && url !== '' ? url : null,
    minWithdraw: typeof min === 'number' && Number.isSafeInteger(min) && min > 0 ? min : MIN_WITHDRAW_CENTS,
    versionLabel: typeof label === 'string' ? label : '',
    adjustApprovalAbove: approvalAboveOf(value(ADJUST_APPROVAL_KEY)),
  };
}

const approvalAboveOf = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : DEFAULT_ADJUST_APPROVAL_ABOVE_CENTS);

/** The four-eyes threshold of balance adjustments, in cents, read in the caller's transaction. */
export async function adjustApprovalAbove(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, ADJUST_APPROVAL_KEY));
  return approvalAboveOf(row?.value);
}

export async function writeSetting(tx: DbOrTx, key: string, value: unknown, now: number): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } });
}
