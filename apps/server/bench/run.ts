/**
 * `npm run bench`: the budgets of DESIGN §10, each reported as a ratio measured in this one run
 * (never a timed test assertion).
 *  1. Player app first-screen JavaScript, gzipped, against the 170 KB budget.
 *  2. 1,000 concurrent bettors over HTTP, then the draw: ledger discrepancies (budget 0) and every
 *     order settled exactly once.
 *  3. Lottery/heart throughput against a bare Fastify route answering a constant of the same size
 *     (budget ≥ 70 %), for a room poll (its feed full of those bets) and for the home poll.
 * Runs on an in-memory PGlite, or on PostgreSQL when DATABASE_URL is set. Loopback traffic only.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { queryRows } from '../src/db/query.js';
import { users } from '../src/db/schema.js';
import { LedgerType, postLedger } from '../src/domain/ledger/post.js';
import { hashSecret } from '../src/domain/security/passwords.js';
import { findDiscrepancies } from '../src/domain/wallet/invariants.js';
import { seedDemoContent } from '../src/seed/demo.js';
import { runLoad } from './load.js';

const BUDGET_JS_BYTES = 170 * 1024;
const BUDGET_HEART_RATIO = 0.7;
const BETTORS = Number(process.env.BENCH_BETTORS ?? 1000);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

const results: { name: string; value: string; budget: string; ok: boolean }[] = [];
const report = (name: string, value: string, budget: string, ok: boolean) => {
  results.push({ name, value, budget, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name}: ${value}  (budget ${budget})`);
};

/** The player app's own size check (apps/web/scripts/bundle-size.mjs) is the one definition of "initial JS". */
function benchBundle() {
  const script = path.join(loadConfig({}).webDist, '../scripts/bundle-size.mjs');
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  const line = run.stdout.split('\n').find((l) => l.startsWith('first screen')) ?? '';
  const kb = Number(/([\d.]+) KB gzipped/.exec(line)?.[1]);
  if (!Number.isFinite(kb)) {
    report('player app first screen JS (gzip)', `not measured: ${run.stderr.trim() || 'build the app first'}`, '≤ 170 KB', false);
    return;
  }
  report(
    'player app first screen JS (gzip)',
    `${kb.toFixed(1)} KB = ${((kb * 1024 / BUDGET_JS_BYTES) * 100).toFixed(0)} % of budget`,
    '≤ 170 KB',
    kb * 1024 <= BUDGET_JS_BYTES,
  );
}

async function main() {
  benchBundle();

  const config = { ...loadConfig({}), scheduler: false, logLevel: 'warn' };
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await database.migrate();
  // The bench's own clock stands a second into a round, so betting is open whatever the wall time.
  const clock = new ManualClock(Date.now());
  const noLimit = { max: 1_000_000, timeWindow: '1 minute' };
  const app = await buildApp({
    config,
    database,
    clock,
    logger: false,
    rateLimits: { login: noLimit, register: noLimit, secret: noLimit, upload: noLimit, bet: noLimit },
  });
  await app.ready();
  await seedDemoContent(app.db, { demoPassword: 'bench-password-1' });
  await app.game.reloadConfig();
  clock.set(app.game.currentRound(clock.now()).drawsAt + 1000);
  await app.game.scheduler.tick();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const room = [...app.game.snapshot.rooms.values()].find((r) => r.gameId === 7 && r.type === 0)!;

  // 2. 1,000 concurrent bettors, then the draw.
  const passwordHash = await hashSecret('bench-bettor-password');
  const created = await app.db
    .insert(users)
    .values(Array.from({ length: BETTORS }, (_, i) => ({ username: `bench_${Date.now().toString(36)}_${i}`, passwordHash })))
    .returning({ id: users.id });
  const tokens: string[] = [];
  for (const u of created) {
    await app.db.transaction((tx) => postLedger(tx, { userId: u.id, type: LedgerType.gift, wallet: 'money', quantity: 10_000 }));
    tokens.push(await app.sessions.create(app.db, u.id, { remember: false, now: clock.now() }));
  }
  const issue = app.game.currentRound(clock.now()).issue;
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map((token, i) =>
      fetch(`http://127.0.0.1:${port}/api/Lottery/playOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        // Each bettor stakes 20 u on big and odd; every tenth also tries an overdraft that must be refused.
        body: JSON.stringify({ lang: 'en', plan_id: room.id, game_id: 7, issue, play_type: '1,3', money: i % 10 === 0 ? '60' : '10' }),
      }).then((r) => r.json() as Promise<{ code: number; msg: string }>),
    ),
  );
  const betSeconds = (performance.now() - started) / 1000;
  const accepted = answers.filter((a) => a.code === 1).length;
  const refusals = new Map<string, number>();
  for (const a of answers) if (a.code !== 1) refusals.set(a.msg, (refusals.get(a.msg) ?? 0) + 1);
  clock.advance(config.roundSeconds * 1000);
  await app.game.scheduler.tick();
  const [orders] = await queryRows<{ open: number; settled: number }>(app.db, sql`
    select count(*) filter (where status = 0)::int as open, count(*) filter (where status = 1)::int as settled
    from orders where issue = ${issue}`);
  const discrepancies = await findDiscrepancies(app.db);
  const expectedAccepted = BETTORS - Math.ceil(BETTORS / 10);
  report(
    `${BETTORS} concurrent bettors`,
    `${accepted} bets accepted in ${betSeconds.toFixed(2)} s (${(accepted / betSeconds).toFixed(0)}/s), ` +
      `${orders?.settled ?? 0} orders settled, ${orders?.open ?? 0} left open, ${discrepancies.length} ledger discrepancies; ` +
      `refused: ${[...refusals].map(([msg, n]) => `${n}× "${msg}"`).join(', ')}`,
    '0 discrepancies, every order settled',
    discrepancies.length === 0 && orders?.open === 0 && accepted === expectedAccepted && orders?.settled === accepted * 2,
  );

  // 3. heart vs a bare route of the same size, with the room's feed full of the bets above.
  for (const [label, body] of [
    ['room heart', { plan_id: room.id, game_id: 7, lang: 'en' }],
    ['home heart', { lang: 'en' }],
  ] as const) {
    const json = JSON.stringify(body);
    const sample = await app.inject({ method: 'POST', url: '/api/Lottery/heart', payload: body });
    const constant = sample.body;
    const bare = Fastify({ logger: false });
    bare.post('/bare', async (_req, reply) => reply.type('application/json; charset=utf-8').send(constant));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;
    const base = await runLoad({ port: barePort, path: '/bare', method: 'POST', body: json, seconds: LOAD_SECONDS });
    const heart = await runLoad({ port, path: '/api/Lottery/heart', method: 'POST', body: json, seconds: LOAD_SECONDS });
    await bare.close();
    const ratio = heart.perSecond / base.perSecond;
    report(
      `${label} throughput (${constant.length} B)`,
      `${heart.perSecond.toFixed(0)} req/s vs bare ${base.perSecond.toFixed(0)} req/s = ${(ratio * 100).toFixed(0)} %` +
        (heart.errors + base.errors ? `, ${heart.errors + base.errors} errors` : ''),
      '≥ 70 %',
      ratio >= BUDGET_HEART_RATIO && heart.errors === 0,
    );
  }

  await app.close();
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failed.length} of ${results.length} budgets met`);
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
