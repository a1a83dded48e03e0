import { sql } from 'drizzle-orm';
import { betClass, NOTICE_PLATFORM, NOTICE_STATION, translate, type ApiLang, type MessageKey } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { notices } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';

/** The decisions a player is told about in a station message (message keys `notice.<event>.title|body`). */
export type StationEvent =
  | 'deposit_approved'
  | 'deposit_rejected'
  | 'withdraw_approved'
  | 'withdraw_rejected'
  | 'realname_approved'
  | 'realname_rejected'
  | 'bank_card_changed'
  | 'wallet_changed';

/**
 * Writes a station message to one player. Call it with the transaction of the decision it reports,
 * so the message exists exactly when the decision does. The text is a message key and its
 * parameters, shown later in the reader's language.
 */
export async function sendStationMessage(
  tx: DbOrTx,
  opts: { userId: number; event: StationEvent; params?: Record<string, string>; now: number },
): Promise<void> {
  await tx.insert(notices).values({
    kind: NOTICE_STATION,
    userId: opts.userId,
    msgKey: opts.event,
    params: opts.params ?? {},
    createdAt: new Date(opts.now),
  });
}

type Localized = Partial<Record<ApiLang, string>>;

interface NoticeRow {
  id: number | string;
  kind: number;
  msg_key: string | null;
  params: Record<string, string> | null;
  title: Localized | null;
  content: Localized | null;
  read: boolean;
  created_at: Date | string;
}

function present(row: NoticeRow, lang: ApiLang) {
  let title: string;
  let content: string;
  if (row.kind === NOTICE_STATION) {
    const params = { ...(row.params ?? {}) };
    if ('reason' in params && !params.reason) params.reason = translate(lang, 'notice.no_reason');
    // A streak alert names its game and class in the reader's language.
    if (params.game_id) params.game = translate(lang, `game.${params.game_id}` as MessageKey);
    if (params.class_id) params.class = translate(lang, (betClass(Number(params.class_id))?.nameKey ?? 'class.big') as MessageKey);
    title = translate(lang, `notice.${row.msg_key}.title` as MessageKey);
    content = translate(lang, `notice.${row.msg_key}.body` as MessageKey, params);
  } else {
    title = row.title?.[lang] ?? row.title?.en ?? '';
    content = row.content?.[lang] ?? row.content?.en ?? '';
  }
  const key = row.kind === NOTICE_STATION ? row.msg_key : null;
  return { id: Number(row.id), type: row.kind, title, content, key, read: row.read, createtime: Math.floor(new Date(row.created_at).getTime() / 1000) };
}

/** Unread station messages of this player and enabled announcements they have not opened. */
export async function unreadCounts(db: DbOrTx, userId: number) {
  const [row] = await queryRows<{ station: number; platform: number }>(
    db,
    sql`
    select
      (select count(*)::int from notices where kind = ${NOTICE_STATION} and user_id = ${userId} and read_at is null) as station,
      (select count(*)::int from notices n where n.kind = ${NOTICE_PLATFORM} and n.enabled
         and not exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = ${userId})) as platform`,
  );
  const station = Number(row?.station ?? 0);
  const platform = Number(row?.platform ?? 0);
  return { station, platform, total: station + platform };
}

/**
 * One page of a notice tab, newest first: station messages addressed to this player only, or the
 * enabled platform announcements. What the page shows becomes read (each item says whether it was
 * unread before), in the same transaction.
 */
export async function listNotices(db: Db, opts: { userId: number; type: number; page: number; limit: number; lang: ApiLang; now: number }) {
  const offset = (opts.page - 1) * opts.limit;
  return inTransaction(db, async (tx) => {
    let rows: NoticeRow[];
    let total: number;
    if (opts.type === NOTICE_STATION) {
      rows = await queryRows<NoticeRow>(
        tx,
        sql`
        select id, kind, msg_key, params, title, content, read_at is not null as read, created_at
        from notices where kind = ${NOTICE_STATION} and user_id = ${opts.userId}
        order by created_at desc, id desc limit ${opts.limit} offset ${offset}`,
      );
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`
        select count(*)::int as n from notices where kind = ${NOTICE_STATION} and user_id = ${opts.userId}`,
      );
      total = Number(count?.n ?? 0);
      const unreadIds = rows.filter((r) => !r.read).map((r) => Number(r.id));
      if (unreadIds.length) {
        await queryRows(
          tx,
          sql`
          update notices set read_at = ${new Date(opts.now)}
          where user_id = ${opts.userId} and id in (${sql.join(
            unreadIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
    } else {
      rows = await queryRows<NoticeRow>(
        tx,
        sql`
        select n.id, n.kind, n.msg_key, n.params, n.title, n.content, n.created_at,
          exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = ${opts.userId}) as read
        from notices n where n.kind = ${NOTICE_PLATFORM} and n.enabled
        order by n.created_at desc, n.id desc limit ${opts.limit} offset ${offset}`,
      );
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`
        select count(*)::int as n from notices where kind = ${NOTICE_PLATFORM} and enabled`,
      );
      total = Number(count?.n ?? 0);
      for (const r of rows.filter((x) => !x.read)) {
        await queryRows(
          tx,
          sql`
          insert into notice_reads (notice_id, user_id) values (${Number(r.id)}, ${opts.userId}) on conflict do nothing`,
        );
      }
    }
    const unread = await unreadCounts(tx, opts.userId);
    return { total, unread: unread.total, list: rows.map((r) => present(r, opts.lang)) };
  });
}
