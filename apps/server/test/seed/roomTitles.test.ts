import { describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { rooms } from '../../src/db/schema.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { createTestApp } from '../helpers.js';

describe('seeded room titles', () => {
  it('are in every language, also for rooms seeded before titles had languages; operator titles stay', async () => {
    const app = await createTestApp();
    await seedDemoContent(app.db, {});
    // As an older version seeded them: the English tier name only. And one the operator renamed.
    await app.db.update(rooms).set({ titleI18n: null });
    const [renamed] = await app.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.type, 1)).limit(1);
    await app.db.update(rooms).set({ title: 'VIP' }).where(eq(rooms.id, renamed!.id));
    await seedDemoContent(app.db, {});
    const rows = await app.db.select().from(rooms).where(eq(rooms.type, 0));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.titleI18n).toEqual({ zh: '初级房', tw: '初級房', en: 'Beginner', vi: 'Sơ cấp' });
    const [vip] = await app.db.select().from(rooms).where(eq(rooms.id, renamed!.id));
    expect([vip!.title, vip!.titleI18n]).toEqual(['VIP', null]);
    expect((await app.db.select({ id: rooms.id }).from(rooms).where(isNull(rooms.titleI18n))).map((r) => r.id)).toEqual([renamed!.id]);
  });
});
