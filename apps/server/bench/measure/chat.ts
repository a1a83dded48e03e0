/**
 * The room chat's speed (issue 36, docs/benchmarks.md#the-room-chat-bench_onlychat), from outside:
 *  - a message reaching every viewer of its room: the live viewers bench (bench/stream.ts) with
 *    BENCH_CHAT_VIEWERS (5,000) viewers and its chat phase — p99 ≤ 250 ms, on one node (PGlite) and,
 *    with DATABASE_URL, over two nodes behind HAProxy (a scratch database); memory per viewer with chat
 *    pushed, as that bench reads it — ≤ 6 kB;
 *  - a bet placed by message (playOrder's list form with `source: 'chat'`, as the player app sends a slip
 *    confirmed in the chat) against one from the panel (`play_type` and `money`): the same load generator
 *    at the same offered rate, alternating runs, the median pair's p99 ratio — ≤ 1.1×;
 *  - the room's heart with 200 chat messages per second posted in that room against the heart alone:
 *    alternating runs, the median pair's ratio of requests per second — ≥ 0.9×.
 * The last two on one server (the real src/server.ts) with funded players written before it starts: on
 * PostgreSQL with DATABASE_URL (a scratch database), as the heart's own bench, else PGlite — where every
 * query runs on the node's own thread, so the posts' queries take the heart's time.
 */
import { scratchPglite, scratchPostgres, type BenchDatabase } from '../lib/database.js';
import { post, runLoad, sleep, startServer, type Child, type LoadResult } from '../lib/processes.js';
import { fmt, loadAverage, ratio, type Report } from '../lib/report.js';
import type { Player } from '../lib/players.js';
import { benchStream } from '../stream.js';

const env = process.env;
const VIEWERS = Number(env.BENCH_CHAT_VIEWERS ?? 5000);
const MESSAGES = Number(env.BENCH_CHAT_MESSAGES ?? 20);
/** Chat messages per second posted in the room during the heart's busy runs. */
const CHAT_RATE = Number(env.BENCH_CHAT_RATE ?? 200);
/** Bets per second offered in each run of the bet comparison (well below what the node answers: latency, not saturation). */
const BET_RATE = Number(env.BENCH_CHAT_BET_RATE ?? 200);
const PAIRS = Number(env.BENCH_PAIRS ?? 5);
const SECONDS = Number(env.BENCH_SECONDS ?? 2);
/**
 * Players funded for the bets and the chat's posts: at CHAT_RATE over runs of SECONDS + 2 s each posts about
 * once per run, well within the per-player chat rate (5 per 10 s, never raised) and the bet limit.
 */
const PLAYERS = Number(env.BENCH_CHAT_PLAYERS ?? 1000);
const GAME_ID = 7;
const BUDGET_BET_P99_RATIO = 1.1;
const BUDGET_HEART_RATIO = 0.9;

export interface ChatBenchContext {
  report: Report;
  /** First port: the stream bench's server (and two nodes on the next two), then this bench's own server. */
  port: number;
  /** DATABASE_URL's server, for the two-node delivery. */
  adminUrl?: string;
  /** A bench database made ready for a server: migrated, the demo content, `count` funded players, the benched room (run.ts). */
  fundedRoom: (database: BenchDatabase, count: number) => Promise<{ dataDir: string; players: Player[]; roomId: number }>;
  passwords: Record<string, string>;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const failures = (r: LoadResult) => r.non2xx + r.errors + r.timeouts;
const refusals = (runs: LoadResult[]) => {
  const all: Record<string, number> = {};
  for (const r of runs) for (const [msg, n] of Object.entries(r.refused)) all[msg] = (all[msg] ?? 0) + n;
  return Object.entries(all)
    .map(([msg, n]) => `${n}× "${msg}"`)
    .join(', ');
};

export async function measureChat(ctx: ChatBenchContext): Promise<void> {
  await delivery(ctx);
  const database = ctx.adminUrl ? await scratchPostgres(ctx.adminUrl, 'chatserver') : scratchPglite();
  const label = ctx.adminUrl ? 'PostgreSQL' : 'PGlite';
  try {
    const { dataDir, players, roomId } = await ctx.fundedRoom(database, PLAYERS);
    // The per-address read limit (300 per 10 s) would refuse the load generator's chat posts, all from one
    // address: raised, as every per-address and per-player limit but the chat's own rate (a constant).
    const server = await startServer(ctx.port + 3, {
      ...database.serverEnv,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ROUND_SECONDS: '60',
      CLOSE_BEFORE_SECONDS: '2',
      RATE_LIMIT_FACTOR: '100',
      RECONCILE_MINUTES: '0',
      ...ctx.passwords,
    });
    try {
      const tokens = players.map((p) => p.token);
      await betsByMessage(ctx, label, server, tokens, roomId);
      await heartWithChat(ctx, label, server, tokens, roomId);
    } catch (err) {
      console.error(`server output:\n${server.output()}`);
      throw err;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/** A message to every viewer, and memory per viewer with chat: bench/stream.ts's chat phase, one node and two. */
async function delivery(ctx: ChatBenchContext): Promise<void> {
  const print = (label: string, lines: Awaited<ReturnType<typeof benchStream>>['lines']) => {
    for (const line of lines) {
      if (line.budget === '—') ctx.report.info(`${label}: ${line.name}`, line.value);
      else ctx.report.budget(`${label}: ${line.name}`, line.value, line.budget, line.ok);
    }
  };
  const chat = { viewers: VIEWERS, bets: 0, draw: false, chat: { messages: MESSAGES } };
  print('chat, one node (PGlite)', (await benchStream({ ...chat, port: ctx.port, databaseUrl: '' })).lines);
  if (!ctx.adminUrl) return;
  const database = await scratchPostgres(ctx.adminUrl, 'chat');
  try {
    print('chat, two nodes (PostgreSQL)', (await benchStream({ ...chat, port: ctx.port, databaseUrl: database.url, nodes: 2 })).lines);
  } finally {
    await database.drop();
  }
}

/** The open round once it has at least `seconds` of betting left. */
async function openRound(serverUrl: string, seconds: number): Promise<string> {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    const { data } = await post<{ issue: { issue: string; closeTime: number } }>(`${serverUrl}/api/Lottery/heart`, { game_id: GAME_ID, lang: 'en' });
    if (data.issue.closeTime >= seconds) return data.issue.issue;
    await sleep(500);
  }
  throw new Error('no round with enough betting time opened');
}

/** A bet by message against one from the panel: alternating runs at the same offered rate, the median pair's p99 ratio. */
async function betsByMessage(ctx: ChatBenchContext, label: string, server: Child, tokens: string[], roomId: number): Promise<void> {
  const forms = {
    panel: { play_type: '1', money: '10' },
    chat: { bets: [{ play_type: 1, money: '10.00' }], source: 'chat' },
  };
  const run = (issue: string, form: keyof typeof forms, seconds: number) =>
    runLoad({
      url: server.url,
      path: '/api/Lottery/playOrder',
      body: JSON.stringify({ lang: 'en', plan_id: roomId, game_id: GAME_ID, issue, ...forms[form] }),
      connections: 16,
      seconds,
      rate: BET_RATE,
      tokens,
      countCodes: true,
      idempotencyKeys: true,
    });
  const warmIssue = await openRound(server.url, 6);
  await run(warmIssue, 'panel', 1);
  await run(warmIssue, 'chat', 1);
  const pairs: { panel: LoadResult; chat: LoadResult }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    // Both runs of a pair in one round, with time to spare before its close (a busy machine starts a load generator slowly).
    const issue = await openRound(server.url, 2 * SECONDS + 20);
    pairs.push({ panel: await run(issue, 'panel', SECONDS), chat: await run(issue, 'chat', SECONDS) });
  }
  const p99Ratio = median(pairs.map((p) => p.chat.latency.p99 / Math.max(p.panel.latency.p99, 1)));
  const all = pairs.flatMap((p) => [p.panel, p.chat]);
  const requested = all.reduce((n, r) => n + r.requests, 0);
  const accepted = all.reduce((n, r) => n + r.accepted, 0);
  const failed = all.reduce((n, r) => n + failures(r), 0);
  const refused = refusals(all);
  // A run that completed no bet has no p99: the pair measures nothing (a machine too busy to answer in the run).
  const empty = all.filter((r) => r.requests === 0).length;
  ctx.report.budget(
    `chat (${label}): a bet by message (list form, source 'chat') against one from the panel, p99 at ${fmt(BET_RATE)} bets/s offered`,
    `${median(pairs.map((p) => p.chat.latency.p99))} ms (p50 ${median(pairs.map((p) => p.chat.latency.p50))}) vs panel ${median(pairs.map((p) => p.panel.latency.p99))} ms ` +
      `(p50 ${median(pairs.map((p) => p.panel.latency.p50))}) = ${ratio(p99Ratio)} (median of ${PAIRS} alternating pairs of ${SECONDS} s, 16 connections, ` +
      `${fmt(tokens.length)} players, each bet with its own Idempotency-Key); ${fmt(accepted)} of ${fmt(requested)} accepted ` +
      `(panel ${fmt(pairs.reduce((n, p) => n + p.panel.requests, 0))}, by message ${fmt(pairs.reduce((n, p) => n + p.chat.requests, 0))})` +
      (empty ? `; ${empty} runs completed no bet` : '') +
      (refused ? `; refused: ${refused}` : '') +
      (failed ? `; ${failed} failed` : ''),
    `≤ ${BUDGET_BET_P99_RATIO}× (panel p99 counted as at least 1 ms), every bet accepted`,
    p99Ratio <= BUDGET_BET_P99_RATIO && accepted === requested && failed === 0 && empty === 0,
  );
}

/** The room's heart alone against the same with CHAT_RATE messages per second posted in that room: alternating runs, the median pair. */
async function heartWithChat(ctx: ChatBenchContext, label: string, server: Child, tokens: string[], roomId: number): Promise<void> {
  const heart = (seconds: number) =>
    runLoad({
      url: server.url,
      path: '/api/Lottery/heart',
      body: JSON.stringify({ plan_id: roomId, game_id: GAME_ID, lang: 'en' }),
      connections: 32,
      seconds,
    });
  // Longer than the heart's run and started before it: the messages flow for the whole of it.
  const chat = (seconds: number) =>
    runLoad({
      url: server.url,
      path: '/api/chat/post',
      body: JSON.stringify({ plan_id: roomId, text: 'nice round, good luck all', lang: 'en' }),
      connections: 8,
      seconds,
      rate: CHAT_RATE,
      tokens,
      countCodes: true,
    });
  await heart(1);
  await chat(1);
  await sleep(10_000); // the warm-up's posters are past the chat's rate window
  const pairs: { quiet: LoadResult; busy: LoadResult; chat: LoadResult }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const quiet = await heart(SECONDS);
    const [chatRun, busy] = await Promise.all([chat(SECONDS + 2), sleep(1000).then(() => heart(SECONDS))]);
    pairs.push({ quiet, busy, chat: chatRun });
  }
  const throughput = median(pairs.map((p) => p.busy.perSecond / p.quiet.perSecond));
  const chats = pairs.map((p) => p.chat);
  const posted = chats.reduce((n, r) => n + r.accepted, 0);
  const sent = chats.reduce((n, r) => n + r.requests, 0);
  const refused = refusals(chats);
  const heartFailures = pairs.reduce((n, p) => n + failures(p.quiet) + failures(p.busy), 0);
  const empty = pairs.filter((p) => p.quiet.requests === 0 || p.busy.requests === 0).length;
  ctx.report.budget(
    `chat (${label}): the room's heart while ${fmt(CHAT_RATE)} chat messages/s are posted in that room`,
    `${fmt(median(pairs.map((p) => p.busy.perSecond)))} req/s vs ${fmt(median(pairs.map((p) => p.quiet.perSecond)))} req/s without chat = ${ratio(throughput)} ` +
      `(median of ${PAIRS} alternating pairs of ${SECONDS} s, 32 connections); chat ${fmt(posted)} of ${fmt(sent)} posts accepted ` +
      `at ${fmt(median(chats.map((r) => r.accepted / (SECONDS + 2))))}/s, post p99 ${median(chats.map((r) => r.latency.p99))} ms` +
      (refused ? `; refused: ${refused}` : '') +
      (heartFailures ? `; ${heartFailures} failed heart requests` : '') +
      (empty ? `; ${empty} pairs with a run that completed no heart` : ''),
    `≥ ${BUDGET_HEART_RATIO}×, every post accepted`,
    throughput >= BUDGET_HEART_RATIO && posted === sent && heartFailures === 0 && empty === 0,
  );
  ctx.report.info('chat: machine load average after the heart runs', loadAverage());
}
