/**
 * Player sessions as this node serves them: created, resolved (from memory for a few seconds when the
 * caller allows it), re-checked and revoked, under the rules of domain/accounts/sessions.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from '../db/client.js';
import { pgArray, preparedRows } from '../db/query.js';
import { sessions } from '../db/schema.js';
import { newToken, tokenHash } from '../domain/security/tokens.js';
import { REMEMBER_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type SessionUser } from '../domain/accounts/sessions.js';

/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

interface SessionRow {
  sessionId: number | string;
  userId: number;
  username: string;
  groupId: number;
  disabled: boolean;
  remember: boolean;
  lastSeenAt: Date | string;
  expiresAt: Date | string;
  commitLsn: string | null;
}

interface CachedSession {
  user: SessionUser;
  cachedAt: number;
}

export class SessionStore {
  private cache = new Map<string, CachedSession>();

  private readonly db: Db;

  constructor(private readonly database: Database) {
    this.db = database.db;
  }

  async create(db: DbOrTx, userId: number, opts: { remember: boolean; now: number; ip?: string; userAgent?: string }): Promise<string> {
    const token = newToken();
    const lifetime = opts.remember ? REMEMBER_MS : SESSION_ABSOLUTE_MS;
    await db.insert(sessions).values({
      userId,
      tokenHash: tokenHash(token),
      remember: opts.remember,
      createdAt: new Date(opts.now),
      lastSeenAt: new Date(opts.now),
      expiresAt: new Date(opts.now + lifetime),
      ip: opts.ip,
      userAgent: opts.userAgent?.slice(0, 300),
    });
    return token;
  }

  /**
   * The session's user, or null when the token is unknown, revoked, idle too long or expired.
   * `cachedFor`: a session resolved less than this many ms ago is answered from memory.
   */
  async resolve(token: string, now: number, opts: { cachedFor?: number } = {}): Promise<SessionUser | null> {
    const hash = tokenHash(token);
    if (opts.cachedFor) {
      const hit = this.cache.get(hash);
      if (hit && now - hit.cachedAt < opts.cachedFor) return hit.user;
    }
    const [found] = await preparedRows<SessionRow>(
      this.database,
      'lucky28_session',
      sql`
      select s.id as "sessionId", u.id as "userId", u.username, u.group_id as "groupId", u.disabled, s.remember,
             s.last_seen_at as "lastSeenAt", s.expires_at as "expiresAt", s.commit_lsn::text as "commitLsn"
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${hash}::text and s.revoked_at is null
      limit 1`,
    );
    const row = found && { ...found, lastSeenAt: new Date(found.lastSeenAt), expiresAt: new Date(found.expiresAt) };
    const idleLimit = row?.remember ? REMEMBER_MS : SESSION_IDLE_MS;
    if (!row || row.disabled || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > idleLimit) {
      this.cache.delete(hash);
      return null;
    }
    if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, Number(row.sessionId)));
    }
    const user: SessionUser = {
      sessionId: Number(row.sessionId),
      userId: row.userId,
      username: row.username,
      groupId: row.groupId,
      commitLsn: row.commitLsn,
    };
    this.cache.set(hash, { user, cachedAt: now });
    if (this.cache.size > 50_000) this.cache.clear();
    return user;
  }

  /**
   * Of these sessions, the ones still valid at `now` as `resolve` judges (not revoked, the user not
   * frozen, neither expired nor idle too long), in one query whatever their number — so a node can
   * re-check everything it keeps open for sessions ended elsewhere. The ended ones leave the cache.
   */
  async stillValid(sessionIds: readonly number[], now: number): Promise<Set<number>> {
    if (sessionIds.length === 0) return new Set();
    const at = new Date(now).toISOString();
    const rows = await preparedRows<{ id: number | string }>(
      this.database,
      'lucky28_sessions_valid',
      sql`
      select s.id from sessions s join users u on u.id = s.user_id
      where s.id = any(${pgArray(sessionIds)}::bigint[]) and s.revoked_at is null and not u.disabled
        and s.expires_at > ${at}::timestamptz
        and s.last_seen_at >= ${at}::timestamptz - case when s.remember
          then make_interval(secs => ${REMEMBER_MS / 1000}::int) else make_interval(secs => ${SESSION_IDLE_MS / 1000}::int) end`,
    );
    const valid = new Set(rows.map((r) => Number(r.id)));
    const ended = new Set(sessionIds.filter((id) => !valid.has(id)));
    if (ended.size > 0) this.forget((u) => ended.has(u.sessionId));
    return valid;
  }

  async revoke(db: DbOrTx, sessionId: number, now: number): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(now) })
      .where(eq(sessions.id, sessionId));
    this.forget((u) => u.sessionId === sessionId);
  }

  /** Revokes every session of a user (password change), except `keep` when given. */
  async revokeAll(db: DbOrTx, userId: number, now: number, keep?: number): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep === undefined ? undefined : sql`${sessions.id} <> ${keep}`));
    this.forget((u) => u.userId === userId && u.sessionId !== keep);
  }

  /**
   * Keeps, on every live session of the player, the WAL position reached after the write the player
   * just committed (db/replicaReads.ts). Run after that commit: the position read at this statement's
   * start is past the commit's record, on whichever node served the write.
   */
  async recordCommit(userId: number): Promise<void> {
    await this.db.execute(
      sql`update sessions set commit_lsn = greatest(commit_lsn, pg_current_wal_insert_lsn())
          where user_id = ${userId} and revoked_at is null`,
    );
  }

  /** Drops this node's remembered sessions of a user whose account changed (a guest became a member). */
  forgetUser(userId: number): void {
    this.forget((u) => u.userId === userId);
  }

  private forget(match: (u: SessionUser) => boolean): void {
    for (const [hash, entry] of this.cache) if (match(entry.user)) this.cache.delete(hash);
  }
}
