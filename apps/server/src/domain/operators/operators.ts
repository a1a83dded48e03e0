import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { operators } from '../../db/schema.js';

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
  disabled: o.disabled,
  created_at: Math.floor(o.createdAt.getTime() / 1000),
});
