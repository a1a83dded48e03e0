/** Shared set-up for the game engine tests: an app on a manual clock with the five games seeded. */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deriveDraw, type Digits } from '@lucky28/shared';
import { ManualClock } from '../../src/clock.js';
import type { DbOrTx } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { chainById } from '../../src/domain/game/chains.js';
import { games, rooms } from '../../src/db/schema.js';
import { LedgerType, postLedger, type Wallet } from '../../src/domain/ledger/post.js';
import { zonedTimeToUtc } from '../../src/domain/time.js';
import { GAMES, ROOM_TIERS } from '../../src/seed/demo.js';
import { createTestApp, registerUser, type TestAppOptions, callApi, rawCall, gameHeart } from '../helpers.js';
import { assertInvariants } from '../invariantsAfterFile.js';

/** 2025-06-01 10:00:00 Asia/Shanghai: the start of round 172 of the day (600 min × 60 / 210 = 171.4). */
export const T0 = zonedTimeToUtc(2025, 6, 1, 'Asia/Shanghai', 10, 0);
export const ROUND_MS = 210_000;

export async function seedGames(db: DbOrTx): Promise<void> {
  await db
    .insert(games)
    .values(GAMES.map((g) => ({ ...g })))
    .onConflictDoNothing();
  const existing = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rooms`);
  if (Number(existing[0]?.n) === 0) {
    await db.insert(rooms).values(GAMES.flatMap((g) => ROOM_TIERS.map((t, i) => ({ gameId: g.id, ...t, sort: i }))));
  }
}

export interface GameApp {
  app: FastifyInstance;
  clock: ManualClock;
}

/** A test app whose clock starts at `start`, with games and rooms seeded and short hash chains. */
export async function createGameApp(opts: TestAppOptions & { start?: number } = {}): Promise<GameApp> {
  const clock = new ManualClock(opts.start ?? T0 + 5_000);
  const app = await createTestApp({ ...opts, clock });
  await seedGames(app.db);
  app.game.chain.length = 64;
  app.game.chain.spare = 8;
  await app.game.reloadConfig();
  return { app, clock };
}

export async function fund(app: FastifyInstance, userId: number, cents: number, wallet: Wallet = 'money'): Promise<void> {
  await app.db.transaction((tx) => postLedger(tx, { userId, type: LedgerType.gift, wallet, quantity: cents, memo: 'test funds' }));
}

export async function fundedUser(app: FastifyInstance, cents: number, wallet: Wallet = 'money') {
  const user = await registerUser(app);
  if (cents > 0) await fund(app, user.userId, cents, wallet);
  return user;
}

export async function balances(app: FastifyInstance, userId: number): Promise<{ money: number; score: number }> {
  const rows = await queryRows<{ money: string | number; score: string | number }>(app.db, sql`select money, score from users where id = ${userId}`);
  return { money: Number(rows[0]!.money), score: Number(rows[0]!.score) };
}

/**
 * Every invariant of docs/design.md#the-invariants (the operators' reconciliation, as after each test file), plus,
 * for game-only data where rows are applied in id order, each row's `over` against the running sum.
 */
export async function checkLedgerInvariants(db: DbOrTx): Promise<void> {
  await assertInvariants({ db });
  const overs = await queryRows(
    db,
    sql`
    select id, user_id, over, sum(quantity) over (partition by user_id order by id) as running
    from ledger where applied`,
  );
  for (const r of overs as Record<string, unknown>[]) {
    if (Number(r.over) !== Number(r.running)) throw new Error(`ledger row ${r.id}: over ${r.over} but running sum ${r.running}`);
  }
}

/** The current round's issue as the heart tells it. */
export async function currentIssue(app: FastifyInstance, gameId = 7): Promise<string> {
  const res = await callApi(app, api.lottery.heart, { game_id: gameId });
  return gameHeart(res.data).issue.issue;
}

export async function roomOf(app: FastifyInstance, gameId = 7, type = 0): Promise<number> {
  const room = [...app.game.snapshot.rooms.values()].find((r) => r.gameId === gameId && r.type === type);
  if (!room) throw new Error('no room');
  return room.id;
}

export async function bet(
  app: FastifyInstance,
  token: string,
  body: { issue?: string; plan_id: number; game_id?: number; play_type: unknown; money: unknown },
  headers?: Record<string, string>,
) {
  const issue = body.issue ?? (await currentIssue(app, body.game_id ?? 7));
  return rawCall(app, api.lottery.playOrder, { game_id: 7, ...body, issue }, { token, headers });
}

/**
 * The digits and total the committed seed of round `issue` of `gameId` will draw — known before its
 * bets, so a test can bet to a chosen result. The round must exist (the scheduler ticked, or a bet made it).
 */
export async function comingDraw(app: FastifyInstance, issue: string, gameId = 7): Promise<{ digits: Digits; total: number }> {
  const [round] = await queryRows<{ chain_id: number; chain_index: number }>(
    app.db,
    sql`select chain_id, chain_index from rounds where game_id = ${gameId} and issue = ${issue}`,
  );
  if (!round) throw new Error(`no round ${issue} of game ${gameId} yet`);
  const chain = await chainById(app.db, Number(round.chain_id));
  const draw = deriveDraw(app.game.seeds.seedAt(chain!, Number(round.chain_index)), gameId, issue);
  return { digits: draw.digits, total: draw.total };
}
