import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { supportHandoffs, users } from '../../db/schema.js';
import { newToken, tokenHash } from '../security/tokens.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * Customer-service hand-off (docs/spec-differences.md#decided-in-the-design): instead of the session token, the external chat page gets
 * a random 256-bit code in its URL. The chat system redeems it server to server, once, within
 * HANDOFF_TTL_MS, for the player's public identity. Only the code's SHA-256 is stored.
 */
export const HANDOFF_TTL_MS = 60 * 1000;

/** The chat page's address with `code=<code>` added to its query (any existing parameters kept). */
export function chatUrlWithCode(chatUrl: string, code: string): string {
  const url = new URL(chatUrl);
  url.searchParams.set('code', code);
  return url.toString();
}

/**
 * Issues a new code for the user. The user's spent and expired codes are deleted on the way, so the
 * table only ever holds a handful of live rows per player.
 */
export async function createHandoff(db: Db, userId: number, now: number): Promise<string> {
  const code = newToken();
  await inTransaction(db, async (tx) => {
    await tx
      .delete(supportHandoffs)
      .where(and(eq(supportHandoffs.userId, userId), or(isNotNull(supportHandoffs.usedAt), lte(supportHandoffs.expiresAt, new Date(now)))));
    await tx.insert(supportHandoffs).values({
      codeHash: tokenHash(code),
      userId,
      createdAt: new Date(now),
      expiresAt: new Date(now + HANDOFF_TTL_MS),
    });
  });
  return code;
}

export interface HandoffIdentity {
  user_id: number;
  username: string;
  nickname: string | null;
  group_id: number;
}

/**
 * Spends a code: answers its player once, or null when the code is unknown, already used, expired,
 * or its account is disabled. The single `UPDATE … WHERE used_at IS NULL` makes two concurrent
 * redemptions of one code yield exactly one identity.
 */
export async function redeemHandoff(db: Db, code: string, now: number): Promise<HandoffIdentity | null> {
  const spent = await db
    .update(supportHandoffs)
    .set({ usedAt: new Date(now) })
    .where(and(eq(supportHandoffs.codeHash, tokenHash(code)), isNull(supportHandoffs.usedAt), gt(supportHandoffs.expiresAt, new Date(now))))
    .returning({ userId: supportHandoffs.userId });
  const userId = spent[0]?.userId;
  if (userId === undefined) return null;
  const rows = await db
    .select({ id: users.id, username: users.username, nickname: users.nickname, groupId: users.groupId, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const user = rows[0];
  if (!user || user.disabled) return null;
  return { user_id: user.id, username: user.username, nickname: user.nickname, group_id: user.groupId };
}

/**
 * Constant-time check of the chat system's key. Both sides are hashed first so that the comparison
 * always runs over 32 bytes, whatever length the caller sent. No configured key accepts nothing.
 */
export function supportKeyMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string' || given === '') return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}
