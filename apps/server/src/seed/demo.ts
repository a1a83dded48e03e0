import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { API_LANGS, translate } from '@lucky28/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { articleTabs, articles, banners, games, operators, rooms, settings, users } from '../db/schema.js';
import { hashSecret } from '../domain/security/passwords.js';
import { LedgerType, postLedger } from '../domain/ledger/post.js';
import { DEMO_ARTICLES, DEMO_TABS } from './articles.js';
import { BANNER_DESIGNS, bannerAlt, bannerArtPath } from './bannerArt.js';
import { inTransaction } from '../db/transaction.js';

/** The five games of the spec, in home-card order (tab index). */
export const GAMES = [
  { id: 7, code: 'us', tabIndex: 0 },
  { id: 6, code: 'eu', tabIndex: 1 },
  { id: 5, code: 'kr', tabIndex: 2 },
  { id: 2, code: 'au', tabIndex: 3 },
  { id: 1, code: 'ca', tabIndex: 4 },
] as const;

/** A tier's name in the four languages, from the one catalogue the apps also read (`room.tier.<type>`). */
const tierTitles = (type: number) => Object.fromEntries(API_LANGS.map((lang) => [lang, translate(lang, `room.tier.${type}`)]));

/** The four room tiers; amounts in cents; titles in every language. */
export const ROOM_TIERS = [
  { type: 0, title: 'Beginner', titleI18n: tierTitles(0), minLimit: 1_000, joinLimit: 1_000 },
  { type: 1, title: 'Intermediate', titleI18n: tierTitles(1), minLimit: 1_000, joinLimit: 100_000 },
  { type: 2, title: 'Advanced', titleI18n: tierTitles(2), minLimit: 5_000, joinLimit: 500_000 },
  { type: 3, title: 'Ultimate', titleI18n: tierTitles(3), minLimit: 10_000, joinLimit: 2_000_000 },
] as const;

const DEMO_GIFT = 1_000_000; // 10,000 u

const randomPassword = () => randomBytes(9).toString('base64url');

export interface SeedResult {
  demoPassword?: string;
  operatorPassword?: string;
}

/**
 * First-start content, each part only when its table is empty, so restarts never duplicate it:
 * games and rooms, banners, news, the operator's deposit details and rates, the demo player (funded by a gift
 * ledger row) and the first operator account. Passwords created here are returned to be printed once.
 */
export async function seedDemoContent(
  db: Db,
  opts: { demoPassword?: string; operatorPassword?: string; log?: FastifyBaseLogger; roundSeconds?: number },
): Promise<SeedResult> {
  const result: SeedResult = {};
  const isEmpty = async (table: string) => Number((await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n) === 0;

  if (await isEmpty('games')) {
    await inTransaction(db, async (tx) => {
      await tx.insert(games).values(GAMES.map((g) => ({ ...g })));
      await tx.insert(rooms).values(GAMES.flatMap((g) => ROOM_TIERS.map((t, i) => ({ gameId: g.id, ...t, sort: i }))));
    });
  }

  // Rooms seeded before titles had languages still carry the English tier name only: give them the four.
  for (const tier of ROOM_TIERS) {
    await db
      .update(rooms)
      .set({ titleI18n: tier.titleI18n })
      .where(and(isNull(rooms.titleI18n), eq(rooms.type, tier.type), eq(rooms.title, tier.title)));
  }

  if (await isEmpty('banners')) {
    // One set per language, drawn by the server so they state this server's round length.
    const roundSeconds = opts.roundSeconds ?? 210;
    await db
      .insert(banners)
      .values(
        API_LANGS.flatMap((lang) =>
          BANNER_DESIGNS.map((design, i) => ({ image: bannerArtPath(design, lang), lang, title: bannerAlt(design, lang, roundSeconds), sort: i })),
        ),
      );
  }

  if (await isEmpty('article_tabs')) {
    await inTransaction(db, async (tx) => {
      const tabs = await tx
        .insert(articleTabs)
        .values(DEMO_TABS.map((t, i) => ({ name: t, sort: i })))
        .returning();
      // Stored as written: they are already what the sanitiser keeps (test/seed/demoArticles.test.ts),
      // so a first start need not load it.
      await tx.insert(articles).values(
        DEMO_ARTICLES.map((a, i) => ({
          tabId: tabs[a.tab]!.id,
          lang: a.lang,
          title: a.title,
          content: a.content,
          isTop: a.isTop,
          // Listed newest first: later entries a minute newer.
          createdAt: new Date(Date.now() - (DEMO_ARTICLES.length - i) * 60_000),
        })),
      );
    });
  }

  const depositSeeded = await db
    .insert(settings)
    .values({
      key: 'deposit',
      value: {
        usdt: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        bankname: 'Lucky28 Demo Bank',
        banknum: '6222 0000 1234 5678',
        bankxm: 'Lucky28 Ltd',
      },
    })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  // The demo's rates come with its deposit details, on the first start only: a database an operator
  // runs never shows a rate it did not set. No deposit limits are seeded (the defaults apply).
  if (depositSeeded.length > 0) {
    await db
      .insert(settings)
      .values({ key: 'deposit_rates', value: { usdt: 140_000, bank: 1_000_000, bank_currency: 'CNY' } })
      .onConflictDoNothing();
  }

  if (await isEmpty('users')) {
    const password = opts.demoPassword ?? randomPassword();
    await inTransaction(db, async (tx) => {
      const [demo] = await tx
        .insert(users)
        .values({ username: 'demo', nickname: 'demo', passwordHash: await hashSecret(password), groupId: 1 })
        .returning();
      await postLedger(tx, { userId: demo!.id, type: LedgerType.gift, wallet: 'money', quantity: DEMO_GIFT, memo: 'welcome gift' });
    });
    result.demoPassword = password;
  }

  if (await isEmpty('operators')) {
    const password = opts.operatorPassword ?? randomPassword();
    await db.insert(operators).values({ username: 'admin', passwordHash: await hashSecret(password), role: 'admin' });
    result.operatorPassword = password;
  }
  return result;
}
