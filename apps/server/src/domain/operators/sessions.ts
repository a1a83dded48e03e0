import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { operatorSessions, operators } from '../../db/schema.js';
import { newToken, tokenHash } from '../security/tokens.js';
import { totpRequiredFor } from './roles.js';

/**
 * Operator sessions (docs/design.md#security), kept apart from players' in their own table: a player's token is
 * never found here and an operator's token is never found among players' sessions. Shorter
 * lifetimes than players', no cache (a revocation or a disabled account takes effect at once).
 */
export const OPERATOR_IDLE_MS = 30 * 60 * 1000;
export const OPERATOR_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;
/** Operator tokens carry a prefix so that a shared endpoint (a private file) knows which table to ask. */
export const OPERATOR_TOKEN_PREFIX = 'op_';

export interface SessionOperator {
  sessionId: number;
  operatorId: number;
  username: string;
  role: string;
  totpEnabled: boolean;
  /** The role needs TOTP and the operator has not enrolled yet: only enrolment calls are open. */
  enrolmentPending: boolean;
}

export const isOperatorToken = (token: string): boolean => token.startsWith(OPERATOR_TOKEN_PREFIX);

export async function createOperatorSession(db: DbOrTx, operatorId: number, opts: { now: number; ip?: string }): Promise<string> {
  const token = OPERATOR_TOKEN_PREFIX + newToken();
  await db.insert(operatorSessions).values({
    operatorId,
    tokenHash: tokenHash(token),
    createdAt: new Date(opts.now),
    lastSeenAt: new Date(opts.now),
    expiresAt: new Date(opts.now + OPERATOR_ABSOLUTE_MS),
    ip: opts.ip ?? null,
  });
  return token;
}

/** The session's operator, or null when the token is unknown, revoked, idle, expired or the account disabled. */
export async function resolveOperatorSession(db: DbOrTx, token: string, now: number): Promise<SessionOperator | null> {
  if (!isOperatorToken(token) || token.length > 200) return null;
  const rows = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      username: operators.username,
      role: operators.role,
      totpSecret: operators.totpSecret,
      disabled: operators.disabled,
      lastSeenAt: operatorSessions.lastSeenAt,
      expiresAt: operatorSessions.expiresAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash(token)), isNull(operatorSessions.revokedAt)))
    .limit(1);
  const row = rows[0];
  if (!row || row.disabled || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > OPERATOR_IDLE_MS) {
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(operatorSessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    operatorId: row.operatorId,
    username: row.username,
    role: row.role,
    totpEnabled: row.totpSecret !== null,
    enrolmentPending: row.totpSecret === null && totpRequiredFor(row.role),
  };
}

export async function revokeOperatorSession(db: DbOrTx, sessionId: number, now: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date(now) })
    .where(eq(operatorSessions.id, sessionId));
}

/** Revokes every open session of an operator (sign out everywhere, disable, TOTP reset). */
export async function revokeAllOperatorSessions(db: DbOrTx, operatorId: number, now: number): Promise<number> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return rows.length;
}

/** Revokes every session of an operator except `keep` (after enabling TOTP, after a password change). */
export async function revokeOtherOperatorSessions(db: DbOrTx, operatorId: number, keep: number, now: number): Promise<void> {
  const rows = await db
    .select({ id: operatorSessions.id })
    .from(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
  for (const r of rows) if (r.id !== keep) await revokeOperatorSession(db, r.id, now);
}
