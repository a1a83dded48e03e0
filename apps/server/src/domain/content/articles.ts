import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ApiLang } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { articleTabs, articleViews, articles } from '../../db/schema.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { sanitizeArticleHtml } from './sanitize.js';
import { holdContentImages } from './images.js';

type ArticleRow = typeof articles.$inferSelect;
export type Localized = Record<ApiLang, string>;

/** An article on the wire (its HTML was sanitised when it was saved). */
export const presentArticle = (a: ArticleRow) => ({
  id: a.id,
  tab_id: a.tabId,
  title: a.title,
  content: a.content,
  views: a.views,
  createtime: Math.floor(a.createdAt.getTime() / 1000),
});

/** Home news in one language: the pinned "hot topics" and each tab's latest articles. */
export async function newsFor(db: DbOrTx, lang: ApiLang, perTab = 10) {
  const [tabs, list] = await Promise.all([
    db.select().from(articleTabs).orderBy(asc(articleTabs.sort), asc(articleTabs.id)),
    db.select().from(articles).where(eq(articles.lang, lang)).orderBy(desc(articles.createdAt), desc(articles.id)),
  ]);
  return {
    tops: list.filter((a) => a.isTop).map(presentArticle),
    articleTabs: tabs.map((t) => ({
      id: t.id,
      name: (t.name as Partial<Localized>)[lang] ?? '',
      articles: list
        .filter((a) => a.tabId === t.id)
        .slice(0, perTab)
        .map(presentArticle),
    })),
  };
}

/** One page of a tab's articles in one language (every tab when tabId is 0 or missing), newest first. */
export async function articlePage(db: DbOrTx, opts: { lang: string; tabId?: number; page: number; limit: number }) {
  const where: SQL = opts.tabId ? and(eq(articles.lang, opts.lang), eq(articles.tabId, opts.tabId))! : eq(articles.lang, opts.lang);
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { total: Number(total?.n ?? 0), list: list.map(presentArticle) };
}

export async function findArticle(db: DbOrTx, id: number) {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) throw new AppError('err.not_found', { field: 'id' });
  return row;
}

/**
 * Counts a real view (no fixed 7706: docs/spec-differences.md#decided-in-the-design): once per viewer, article and operator-day, on every
 * node (the database's unique key decides). A repeat answers the current count and adds nothing.
 * `viewer` is already a keyed hash (articleViewer), never a raw IP.
 */
export async function countView(db: DbOrTx, opts: { articleId: number; viewer: string; day: string }): Promise<number> {
  const [row] = await queryRows<{ views: number | null }>(
    db,
    sql`
    with first_view as (
      insert into article_views (article_id, day, viewer)
      select ${opts.articleId}, ${opts.day}::date, ${opts.viewer} where exists (select 1 from articles where id = ${opts.articleId})
      on conflict do nothing
      returning article_id),
    counted as (
      update articles set views = views + 1 where id in (select article_id from first_view) returning views)
    select coalesce((select views from counted), (select views from articles where id = ${opts.articleId})) as views`,
  );
  if (row?.views === null || row?.views === undefined) throw new AppError('err.not_found', { field: 'id' });
  return Number(row.views);
}

/**
 * The viewer of an article as stored: an HMAC of the session's user (else the IP) under a key
 * derived from the server's secret, so the table never holds an address.
 */
export function articleViewer(secret: Buffer, viewer: { userId: number } | { ip: string }): string {
  const key = createHmac('sha256', secret).update('lucky28 article viewers').digest();
  const who = 'userId' in viewer ? `user:${viewer.userId}` : `ip:${viewer.ip}`;
  return createHmac('sha256', key).update(who).digest('base64url').slice(0, 32);
}

/** Forgets who viewed what before `today` (the counts stay on the articles). */
export async function pruneArticleViews(db: DbOrTx, today: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    with gone as (delete from ${articleViews} where ${articleViews.day} < ${today}::date returning 1) select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}

// --- operators ---

export async function listTabs(db: DbOrTx) {
  const rows = await db
    .select({
      id: articleTabs.id,
      name: articleTabs.name,
      sort: articleTabs.sort,
      articles: sql<number>`(select count(*)::int from articles a where a.tab_id = "article_tabs"."id")`,
    })
    .from(articleTabs)
    .orderBy(asc(articleTabs.sort), asc(articleTabs.id));
  return rows.map((r) => ({ ...r, name: r.name as Localized, articles: Number(r.articles) }));
}

export async function saveTab(tx: DbOrTx, input: { id?: number; name: Localized; sort?: number }) {
  if (input.id) {
    const [before] = await tx.select().from(articleTabs).where(eq(articleTabs.id, input.id)).for('update');
    if (!before) throw new AppError('err.not_found', { field: 'id' });
    const [after] = await tx
      .update(articleTabs)
      .set({ name: input.name, sort: input.sort ?? before.sort })
      .where(eq(articleTabs.id, input.id))
      .returning();
    return { before, after: after! };
  }
  const [after] = await tx
    .insert(articleTabs)
    .values({ name: input.name, sort: input.sort ?? 0 })
    .returning();
  return { before: null, after: after! };
}

/** A tab is deleted only when empty (articles are never orphaned). */
export async function deleteTab(tx: DbOrTx, id: number) {
  const [before] = await tx.select().from(articleTabs).where(eq(articleTabs.id, id)).for('update');
  if (!before) throw new AppError('err.not_found', { field: 'id' });
  const [used] = await tx.select({ n: count() }).from(articles).where(eq(articles.tabId, id));
  if (Number(used?.n ?? 0) > 0) throw new AppError('err.tab_not_empty', { field: 'id' });
  await tx.delete(articleTabs).where(eq(articleTabs.id, id));
  return before;
}

export const presentAdminArticle = (a: ArticleRow) => ({ ...presentArticle(a), lang: a.lang, is_top: a.isTop });

export async function adminArticles(db: DbOrTx, opts: { tabId?: number; lang: string | null; page: number; limit: number }) {
  const conds: SQL[] = [];
  if (opts.tabId) conds.push(eq(articles.tabId, opts.tabId));
  if (opts.lang) conds.push(eq(articles.lang, opts.lang));
  const where = conds.length ? and(...conds) : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { total: Number(total?.n ?? 0), list: list.map(presentAdminArticle) };
}

/** Saves an article; its HTML is sanitised here, on the server, whatever the client sent (docs/design.md#security). */
export async function saveArticle(
  tx: DbOrTx,
  input: { id?: number; tab_id: number; language: string; title: string; content: string; is_top: boolean },
  now: number,
) {
  const [tab] = await tx.select({ id: articleTabs.id }).from(articleTabs).where(eq(articleTabs.id, input.tab_id));
  if (!tab) throw new AppError('err.tab_required', { field: 'tab_id' });
  const values = { tabId: input.tab_id, lang: input.language, title: input.title, content: await sanitizeArticleHtml(input.content), isTop: input.is_top };
  await holdContentImages(tx, values.content, 'content');
  if (input.id) {
    const [before] = await tx.select().from(articles).where(eq(articles.id, input.id)).for('update');
    if (!before) throw new AppError('err.not_found', { field: 'id' });
    const [after] = await tx.update(articles).set(values).where(eq(articles.id, input.id)).returning();
    return { before, after: after! };
  }
  const [after] = await tx
    .insert(articles)
    .values({ ...values, createdAt: new Date(now) })
    .returning();
  return { before: null, after: after! };
}

export async function deleteArticle(tx: DbOrTx, id: number) {
  const [before] = await tx.delete(articles).where(eq(articles.id, id)).returning();
  if (!before) throw new AppError('err.not_found', { field: 'id' });
  return before;
}
