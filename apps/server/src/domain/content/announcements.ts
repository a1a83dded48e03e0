import { and, desc, eq } from 'drizzle-orm';
import { NOTICE_PLATFORM } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { noticeReads, notices } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Localized } from './articles.js';

type NoticeRow = typeof notices.$inferSelect;

const present = (n: NoticeRow) => ({
  id: n.id,
  title: n.title as Localized,
  content: n.content as Localized,
  enabled: n.enabled,
  createtime: Math.floor(n.createdAt.getTime() / 1000),
});

/** Platform announcements (the second /notice tab), newest first, for the console. */
export async function listAnnouncements(db: DbOrTx) {
  const rows = await db.select().from(notices).where(eq(notices.kind, NOTICE_PLATFORM)).orderBy(desc(notices.createdAt), desc(notices.id));
  return rows.map(present);
}

const announcement = (id: number) => and(eq(notices.id, id), eq(notices.kind, NOTICE_PLATFORM));

export async function saveAnnouncement(tx: DbOrTx, input: { id?: number; title: Localized; content: Localized; enabled: boolean }, now: number) {
  if (input.id) {
    const [before] = await tx.select().from(notices).where(announcement(input.id)).for('update');
    if (!before) throw new AppError('err.not_found', { field: 'id' });
    const [after] = await tx
      .update(notices)
      .set({ title: input.title, content: input.content, enabled: input.enabled })
      .where(eq(notices.id, input.id))
      .returning();
    return { before: present(before), after: present(after!) };
  }
  const [after] = await tx
    .insert(notices)
    .values({ kind: NOTICE_PLATFORM, title: input.title, content: input.content, enabled: input.enabled, createdAt: new Date(now) })
    .returning();
  return { before: null, after: present(after!) };
}

export async function deleteAnnouncement(tx: DbOrTx, id: number) {
  const [before] = await tx.select().from(notices).where(announcement(id)).for('update');
  if (!before) throw new AppError('err.not_found', { field: 'id' });
  await tx.delete(noticeReads).where(eq(noticeReads.noticeId, id));
  await tx.delete(notices).where(eq(notices.id, id));
  return present(before);
}
