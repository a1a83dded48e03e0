/** The rules of a player's session; the node's store of them, with its cache, is live/sessionStore.ts. */

/** docs/design.md#security: idle and absolute expiry; "remember me" keeps the session for 14 days. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_MS = 14 * 24 * 60 * 60 * 1000;
/** How long a resolved session may be reused without a query by what only shows data (the heart's balance). */
export const SHOWN_CACHE_MS = 5 * 1000;
/**
 * How long a bet may use a resolved session without a query: its statement checks the session again
 * (not revoked, not expired, not idle too long) as it locks the player (oneStatementBet.ts).
 */
export const CONFIRMED_CACHE_MS = 60 * 1000;

export interface SessionUser {
  sessionId: number;
  userId: number;
  username: string;
  groupId: number;
  /** WAL position after the player's last write commit, as the session was last read (db/replicaReads.ts). */
  commitLsn?: string | null;
}
