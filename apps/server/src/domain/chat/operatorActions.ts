/**
 * What operators do to the chats (docs/chat.md#moderation), each in the caller's transaction with its
 * audit row (routes/admin/chat.ts): remove a message, mute and unmute a player, a room's settings,
 * clear, pin and unpin, the word and link lists, the reports queue; and players' reports.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { linesOf } from '@lucky28/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { chatFilter, chatMessages, chatMutes, chatReports, chatRoomSettings } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { roomChatSettings, type RoomChatSettings } from './moderation.js';
import { normaliseWords } from './wordFilter.js';

type MessageRow = typeof chatMessages.$inferSelect;

/** A message by id, locked for the change; refused when there is none. */
async function messageFor(tx: Tx, messageId: number): Promise<MessageRow> {
  const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId)).for('update');
  if (!row) throw new AppError('err.chat_message_not_found', { field: 'message_id' });
  return row;
}

/**
 * Removes a message (already removed: stays as it was) and resolves its open reports as removed.
 * Answers the message as it now is, for the push to the room's viewers.
 */
export async function removeMessage(tx: Tx, opts: { messageId: number; operatorId: number; now: number }): Promise<MessageRow> {
  const row = await messageFor(tx, opts.messageId);
  const removedAt = row.removedAt ?? new Date(opts.now);
  const [updated] = await tx
    .update(chatMessages)
    .set({ removedAt, removedBy: row.removedBy ?? opts.operatorId })
    .where(eq(chatMessages.id, row.id))
    .returning();
  await tx
    .update(chatReports)
    .set({ resolvedAt: new Date(opts.now), resolvedBy: opts.operatorId, resolution: 'removed' })
    .where(and(eq(chatReports.messageId, row.id), isNull(chatReports.resolvedAt)));
  return updated!;
}

/** Whether a user exists (a mute names a player). */
async function requireUser(tx: DbOrTx, userId: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select id from users where id = ${userId}`);
  if (!row) throw new AppError('err.not_found', { field: 'user_id' });
}

/** Mutes a player from now for `minutes`, replacing a mute in force (which is lifted). */
export async function mutePlayer(tx: Tx, opts: { userId: number; minutes: number; reason: string; shadow: boolean; operatorId: number; now: number }) {
  await requireUser(tx, opts.userId);
  await liftMutes(tx, opts.userId, opts.operatorId, opts.now);
  const until = new Date(opts.now + opts.minutes * 60_000);
  const [row] = await tx
    .insert(chatMutes)
    .values({ userId: opts.userId, until, reason: opts.reason, shadow: opts.shadow, createdBy: opts.operatorId, createdAt: new Date(opts.now) })
    .returning();
  return row!;
}

/** Lifts the player's mutes in force; answers how many. */
export async function liftMutes(tx: Tx, userId: number, operatorId: number, now: number): Promise<number> {
  const lifted = await tx
    .update(chatMutes)
    .set({ liftedAt: new Date(now), liftedBy: operatorId })
    .where(and(eq(chatMutes.userId, userId), isNull(chatMutes.liftedAt), gt(chatMutes.until, new Date(now))))
    .returning({ id: chatMutes.id });
  return lifted.length;
}

/** The mutes in force at `now`, soonest end first, with the player's and the operator's names. */
export async function activeMutes(db: DbOrTx, now: number) {
  return queryRows<{
    id: number;
    user_id: number;
    username: string;
    until: Date | string;
    reason: string;
    shadow: boolean;
    by: string;
    created_at: Date | string;
  }>(
    db,
    sql`select m.id, m.user_id, u.username, m.until, m.reason, m.shadow, o.username as by, m.created_at
          from chat_mutes m join users u on u.id = m.user_id join operators o on o.id = m.created_by
         where m.lifted_at is null and m.until > ${new Date(now)}
         order by m.until, m.id limit 500`,
  );
}

/** Writes a room's settings row, creating it from the defaults; answers the settings before and after. */
export async function updateRoomSettings(
  tx: Tx,
  roomId: number,
  change: Partial<Omit<RoomChatSettings, 'roomId' | 'pinnedAt' | 'version'>> & { pinnedAt?: Date | null },
  now: number,
): Promise<{ before: RoomChatSettings; after: RoomChatSettings }> {
  const before = await roomChatSettings(tx, roomId);
  const values = { roomId, ...change, version: 1, updatedAt: new Date(now) };
  await tx
    .insert(chatRoomSettings)
    .values(values)
    .onConflictDoUpdate({ target: chatRoomSettings.roomId, set: { ...change, version: sql`${chatRoomSettings.version} + 1`, updatedAt: new Date(now) } });
  return { before, after: await roomChatSettings(tx, roomId) };
}

/** Clears a room: every message posted so far is no longer shown to players. Answers the clear mark. */
export async function clearRoom(tx: Tx, roomId: number, now: number): Promise<number> {
  const [last] = await tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.roomId, roomId)).orderBy(desc(chatMessages.id)).limit(1);
  const clearedThrough = last?.id ?? 0;
  await updateRoomSettings(tx, roomId, { clearedThrough }, now);
  return clearedThrough;
}

/** Saves the word list and link rules (the word list normalised, the domains lower-cased). */
export async function saveFilter(tx: Tx, input: { words?: string; linksAllowed: boolean; allowedDomains?: string }, now: number) {
  const words = normaliseWords(linesOf(input.words));
  const allowedDomains = [...new Set(linesOf(input.allowedDomains).map((d) => d.toLowerCase()))];
  const values = { id: 1, words, linksAllowed: input.linksAllowed, allowedDomains, updatedAt: new Date(now) };
  await tx.insert(chatFilter).values(values).onConflictDoUpdate({ target: chatFilter.id, set: values });
  return { words, linksAllowed: input.linksAllowed, allowedDomains };
}

/**
 * A player reports a message they can see: not their own, not removed, not another's shadowed one;
 * once per message (a second report is refused, the first stands).
 */
export async function reportMessage(tx: Tx, opts: { messageId: number; userId: number; now: number; visibleFrom: (roomId: number) => Promise<number> }) {
  const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, opts.messageId));
  if (!row || row.removedAt !== null || (row.shadow && row.userId !== opts.userId) || row.id <= (await opts.visibleFrom(row.roomId))) {
    throw new AppError('err.chat_message_not_found', { field: 'message_id' });
  }
  if (row.userId === opts.userId) throw new AppError('err.chat_report_own', { field: 'message_id' });
  const inserted = await tx
    .insert(chatReports)
    .values({ messageId: row.id, reporterId: opts.userId, createdAt: new Date(opts.now) })
    .onConflictDoNothing()
    .returning({ id: chatReports.id });
  if (inserted.length === 0) throw new AppError('err.chat_already_reported', { field: 'message_id' });
  return row;
}

/** Resolves a report and every other open report of its message; `remove` removes the message too. */
export async function resolveReport(tx: Tx, opts: { reportId: number; action: 'remove' | 'dismiss'; operatorId: number; now: number }) {
  const [report] = await tx.select().from(chatReports).where(eq(chatReports.id, opts.reportId)).for('update');
  if (!report) throw new AppError('err.chat_report_not_found', { field: 'report_id' });
  if (opts.action === 'remove')
    return { report, removed: await removeMessage(tx, { messageId: report.messageId, operatorId: opts.operatorId, now: opts.now }) };
  await tx
    .update(chatReports)
    .set({ resolvedAt: new Date(opts.now), resolvedBy: opts.operatorId, resolution: 'dismissed' })
    .where(and(eq(chatReports.messageId, report.messageId), isNull(chatReports.resolvedAt)));
  return { report, removed: null };
}

/** The reports queue, one row per reported message: open ones oldest first, or the last 100 resolved. */
export async function reportQueue(db: DbOrTx, status: 'open' | 'resolved') {
  const open = status === 'open';
  return queryRows<{
    id: number;
    message_id: number;
    reporter: string;
    reports: number;
    created_at: Date | string;
    resolution: string | null;
    resolved_by: string | null;
  }>(
    db,
    sql`select distinct on (r.message_id) r.id, r.message_id, u.username as reporter,
               (count(*) over (partition by r.message_id))::int as reports, r.created_at, r.resolution, o.username as resolved_by
          from chat_reports r join users u on u.id = r.reporter_id left join operators o on o.id = r.resolved_by
         where ${open ? sql`r.resolved_at is null` : sql`r.resolved_at is not null`}
         order by r.message_id, r.id`,
  ).then((rows) => (open ? rows.sort((a, b) => a.id - b.id) : rows.sort((a, b) => b.id - a.id).slice(0, 100)));
}

/** Open reports per room. */
export async function openReportsByRoom(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await queryRows<{ room_id: number; n: number }>(
    db,
    sql`select m.room_id, count(distinct r.message_id)::int as n from chat_reports r join chat_messages m on m.id = r.message_id
         where r.resolved_at is null group by m.room_id`,
  );
  return new Map(rows.map((r) => [Number(r.room_id), Number(r.n)]));
}

/** Messages by id with their author's user name (the operators' view of a report's message). */
export async function messagesWithAuthors(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, MessageRow & { username: string | null }>();
  const rows = await db
    .select({ m: chatMessages, username: sql<string | null>`(select username from users where users.id = ${chatMessages.userId})` })
    .from(chatMessages)
    .where(
      sql`${chatMessages.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((r) => [r.m.id, { ...r.m, username: r.username }]));
}
