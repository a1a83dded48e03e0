import { eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { operators } from '../../db/schema.js';
import { totpRequiredFor } from './roles.js';
import { isSealed, openSecret, sealSecret } from './secretBox.js';

export type OperatorRow = typeof operators.$inferSelect;

export async function findOperatorByName(db: DbOrTx, username: string): Promise<OperatorRow | undefined> {
  const rows = await db.select().from(operators).where(sql`lower(${operators.username}) = lower(${username})`).limit(1);
  return rows[0];
}

export async function findOperatorById(db: DbOrTx, id: number): Promise<OperatorRow | undefined> {
  const rows = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return rows[0];
}

/** What the console may know about an operator: never the password hash or the TOTP secret. */
export const presentOperator = (o: OperatorRow) => ({
  id: o.id,
  username: o.username,
  role: o.role,
  totp_enabled: o.totpSecret !== null,
  totp_required: totpRequiredFor(o.role),
  disabled: o.disabled,
  created_at: Math.floor(o.createdAt.getTime() / 1000),
});

/** The operator's TOTP secret in clear (it is stored sealed), or null when not enrolled. */
export function totpSecretOf(key: Buffer, o: Pick<OperatorRow, 'id' | 'totpSecret'>): string | null {
  return o.totpSecret === null ? null : openSecret(key, o.id, o.totpSecret);
}

export const sealTotpSecret = (key: Buffer, operatorId: number, secret: string): string => sealSecret(key, operatorId, secret);

/** Seals TOTP secrets stored in clear by earlier versions (run at start; idempotent). */
export async function sealLegacyTotpSecrets(db: DbOrTx, key: Buffer): Promise<number> {
  const rows = await db.select({ id: operators.id, totpSecret: operators.totpSecret }).from(operators).where(isNotNull(operators.totpSecret));
  let sealed = 0;
  for (const r of rows) {
    if (r.totpSecret === null || isSealed(r.totpSecret)) continue;
    await db.update(operators).set({ totpSecret: sealSecret(key, r.id, r.totpSecret) }).where(eq(operators.id, r.id));
    sealed++;
  }
  return sealed;
}
