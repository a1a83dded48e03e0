/**
 * POST /api/index/articleView counts a real view: once per viewer (the session's user, else the IP)
 * per article and operator-day, on every node, decided by the database; a repeat answers the current
 * count without adding. The records of past days are pruned.
 */
import { api } from '@lucky28/shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { createTestApp, registerUser, callApi } from '../helpers.js';
import { openTwoDatabases } from '../game/twoDatabases.js';

// 10:00 in Asia/Shanghai (the default TIME_ZONE) on 2026-03-02.
const clock = new ManualClock(Date.UTC(2026, 2, 2, 2, 0, 0));
const { a, b, cleanup } = await openTwoDatabases('lucky28_views');
afterAll(cleanup);
const nodeA = await createTestApp({ database: a, clock });
const nodeB = await createTestApp({ database: b, clock });
await seedDemoContent(nodeA.db, { operatorPassword: 'operator-pass-1', demoPassword: 'demo-pass-123' });

const articleIds = async () => (await callApi(nodeA, api.content.articlePage, { page: 1, limit: 10 })).data.list.map((x: { id: number }) => x.id) as number[];
const view = (node: typeof nodeA, id: number, opts: { ip?: string; token?: string } = {}) => callApi(node, api.content.articleView, { id }, { ...opts });
const viewsOf = async (id: number) => (await callApi(nodeB, api.content.articleDetail, { id })).data.views as number;
const records = async () => Number((await queryRows<{ n: number }>(nodeA.db, sql`select count(*)::int as n from article_views`))[0]!.n);

describe('article views', () => {
  it('counts a visitor without a session once per IP and day, on either node', async () => {
    const [id, other] = await articleIds();
    expect(await viewsOf(id!)).toBe(0);
    expect((await view(nodeA, id!, { ip: '198.51.100.7' })).data.views).toBe(1);
    // The same visitor again, through the other node: the current count, nothing added.
    expect((await view(nodeB, id!, { ip: '198.51.100.7' })).data.views).toBe(1);
    expect((await view(nodeA, id!, { ip: '198.51.100.7' })).data.views).toBe(1);
    // Another address is another viewer; another article is counted on its own.
    expect((await view(nodeB, id!, { ip: '198.51.100.8' })).data.views).toBe(2);
    expect((await view(nodeA, other!, { ip: '198.51.100.7' })).data.views).toBe(1);
    expect(await viewsOf(id!)).toBe(2);
  });

  it('counts a player with a session once per day, whatever address they come from', async () => {
    const [, , id] = await articleIds();
    const player = await registerUser(nodeA);
    expect((await view(nodeA, id!, { token: player.token, ip: '203.0.113.1' })).data.views).toBe(1);
    expect((await view(nodeB, id!, { token: player.token, ip: '203.0.113.2' })).data.views).toBe(1);
    // A guest session is a viewer too; an address behind a player's session is still its own viewer.
    const guest = (await callApi(nodeA, api.user.guestLogin, {}, { ip: '203.0.113.1' })).data.userinfo.token as string;
    expect((await view(nodeA, id!, { token: guest, ip: '203.0.113.1' })).data.views).toBe(2);
    expect((await view(nodeA, id!, { ip: '203.0.113.1' })).data.views).toBe(3);
    expect((await view(nodeB, id!, { ip: '203.0.113.1' })).data.views).toBe(3);
  });

  it('adds one view for many simultaneous requests of one viewer on two nodes', async () => {
    const [, , , id] = await articleIds();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => view(i % 2 ? nodeA : nodeB, id!, { ip: '192.0.2.50' })));
    for (const res of answers) expect(res.code).toBe(1);
    expect(await viewsOf(id!)).toBe(1);
  });

  it('counts the same viewer again on the next operator-day, and forgets the past days', async () => {
    const [id] = await articleIds();
    const before = await viewsOf(id!);
    expect((await view(nodeA, id!, { ip: '198.51.100.7' })).data.views).toBe(before);
    // 23:59 the same day in Asia/Shanghai: still that day.
    clock.set(Date.UTC(2026, 2, 2, 15, 59, 0));
    expect((await view(nodeA, id!, { ip: '198.51.100.7' })).data.views).toBe(before);
    // 00:00 the next day there: a new day.
    clock.set(Date.UTC(2026, 2, 2, 16, 0, 0));
    expect((await view(nodeB, id!, { ip: '198.51.100.7' })).data.views).toBe(before + 1);
    expect((await view(nodeA, id!, { ip: '198.51.100.7' })).data.views).toBe(before + 1);

    const kept = await queryRows<{ n: number }>(nodeA.db, sql`select count(*)::int as n from article_views where day = '2026-03-03'`);
    const total = await records();
    const report = await pruneOnce({ db: nodeA.db, dataDir: nodeA.config.dataDir, now: clock.now(), timeZone: nodeA.config.timeZone, log: nodeA.log });
    expect(report.articleViews).toBe(total - kept[0]!.n);
    expect(await records()).toBe(kept[0]!.n);
    // The counts stay; today's viewer is still known.
    expect(await viewsOf(id!)).toBe(before + 1);
    expect((await view(nodeA, id!, { ip: '198.51.100.7' })).data.views).toBe(before + 1);
  });

  it('stores no address: the viewer is a keyed hash', async () => {
    const rows = await queryRows<{ viewer: string }>(nodeA.db, sql`select viewer from article_views`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.viewer).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(r.viewer).not.toContain('198.51');
    }
  });

  it('refuses an unknown article and records nothing', async () => {
    const before = await records();
    const res = await view(nodeA, 999_999, { ip: '198.51.100.9' });
    expect(res).toMatchObject({ code: 0, field: 'id', msg: 'Not found' });
    expect(await records()).toBe(before);
  });
});
