import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { operators } from '../../db/schema.js';
import { totpRequiredFor } from './roles.js';
import { isSealed, openSecret, sealSecret } from './secretBox.js';

export type OperatorRow = typeof operators.$inferSelect;

export async function findOperatorByName(db: DbOrTx, username: string): Promise<OperatorRow | undefined> {
  const rows = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${username})`)
    .limit(1);
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
    await db
      .update(operators)
      .set({ totpSecret: sealSecret(key, r.id, r.totpSecret) })
      .where(eq(operators.id, r.id));
    sealed++;
  }
  return sealed;
}

export async function listOperators(db: DbOrTx): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(operators.id);
}

/**
 * Records the TOTP time step just used, only if it is later than the last one: two logins racing
 * with the same code cannot both pass (RFC 6238 §5.2). True when this call recorded it.
 */
export async function recordTotpStep(db: DbOrTx, operatorId: number, step: number): Promise<boolean> {
  const updated = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return updated.length === 1;
}

/** Turns TOTP on with `secret`, only while it is off; false when it already was on. */
export async function enableTotp(db: DbOrTx, operatorId: number, secret: string, step: number): Promise<boolean> {
  const updated = await db
    .update(operators)
    .set({ totpSecret: secret, totpLastStep: step })
    .where(and(eq(operators.id, operatorId), isNull(operators.totpSecret)))
    .returning({ id: operators.id });
  return updated.length === 1;
}

export async function disableTotp(db: DbOrTx, operatorId: number): Promise<void> {
  await db.update(operators).set({ totpSecret: null, totpLastStep: null }).where(eq(operators.id, operatorId));
}

/** A new operator account; undefined when the name is taken (also by a concurrent creation). */
export async function insertOperator(
  db: DbOrTx,
  values: { username: string; passwordHash: string; role: string; now: number },
): Promise<OperatorRow | undefined> {
  const inserted = await db
    .insert(operators)
    .values({ username: values.username, passwordHash: values.passwordHash, role: values.role, createdAt: new Date(values.now) })
    .onConflictDoNothing()
    .returning();
  return inserted[0];
}

/** Disables or re-enables an operator; the row after, or undefined when there is none. */
export async function setOperatorDisabled(db: DbOrTx, operatorId: number, disabled: boolean): Promise<OperatorRow | undefined> {
  const [row] = await db.update(operators).set({ disabled }).where(eq(operators.id, operatorId)).returning();
  return row;
}

/** Clears an operator's TOTP (a lost phone): the next sign-in enrols again. The row after. */
export async function resetOperatorTotp(db: DbOrTx, operatorId: number): Promise<OperatorRow | undefined> {
  const [row] = await db.update(operators).set({ totpSecret: null, totpLastStep: null }).where(eq(operators.id, operatorId)).returning();
  return row;
}
