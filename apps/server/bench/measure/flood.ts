/**
 * Budget: one caller flooding cheap reads cannot starve the server. The server under test on the
 * embedded database (PGlite, which runs its queries on the server's own thread) as its own process;
 * one load-generator process floods `user/userInfo` with one guest session over many connections
 * (closed loop, as fast as answered) while another measures `GET /healthz` at a fixed rate; /healthz
 * p99 under the flood ≤ 100 ms, with the same measured without the flood first (the ratio in one run).
 */
import { post, runLoad, sleep, type LoadResult } from '../lib/processes.js';
import { fmt, ratio, type Report } from '../lib/report.js';

const BUDGET_P99_MS = 100;
/** The flooding caller's connections: the "50 parallel userInfo". */
const FLOOD_CONNECTIONS = 50;
/** /healthz as a monitor or a few players would call it: a fixed rate over a few connections. */
const HEALTH_RATE = 200;
const HEALTH_CONNECTIONS = 8;

export interface FloodContext {
  report: Report;
  label: string;
  serverUrl: string;
  /** Length of each /healthz measurement. */
  seconds: number;
}

export interface FloodOutcome {
  quiet: LoadResult;
  health: LoadResult;
  flood: LoadResult;
}

const health = (ctx: FloodContext) =>
  runLoad({ url: ctx.serverUrl, path: '/healthz', method: 'GET', connections: HEALTH_CONNECTIONS, seconds: ctx.seconds, rate: HEALTH_RATE });

const flood = (ctx: FloodContext, token: string, seconds: number) =>
  runLoad({
    url: ctx.serverUrl,
    path: '/api/user/userInfo',
    body: JSON.stringify({ lang: 'en' }),
    connections: FLOOD_CONNECTIONS,
    seconds,
    tokens: [token],
    countCodes: true,
  });

async function guestToken(ctx: FloodContext): Promise<string> {
  const guest = await post<{ userinfo: { token: string } }>(`${ctx.serverUrl}/api/user/guestLogin`, { lang: 'en' });
  if (guest.code !== 1) throw new Error(`guest login: ${guest.msg}`);
  return guest.data.userinfo.token;
}

/** /healthz alone, then under one guest's userInfo flood (started a second before, ended a second after). */
export async function floodRun(ctx: FloodContext): Promise<FloodOutcome> {
  // Warm-up (JIT of the calls' and the refusals' paths, connections) by another guest, whose read
  // window has ended when the measured flood starts; then the reference without the flood.
  await flood(ctx, await guestToken(ctx), 2);
  await runLoad({ url: ctx.serverUrl, path: '/healthz', method: 'GET', connections: HEALTH_CONNECTIONS, seconds: 1, rate: HEALTH_RATE });
  const quiet = await health(ctx);
  const flooding = flood(ctx, await guestToken(ctx), ctx.seconds + 2);
  await sleep(1000);
  const measured = await health(ctx);
  return { quiet, health: measured, flood: await flooding };
}

const refusals = (flood: LoadResult) =>
  Object.entries(flood.refused)
    .sort((a, b) => b[1] - a[1])
    .map(([msg, n]) => `${fmt(n)} "${msg}"`)
    .join(', ') || 'none';

export function reportFlood(ctx: FloodContext, run: FloodOutcome): void {
  const { quiet, health: loaded, flood } = run;
  const failures = loaded.non2xx + loaded.errors + loaded.timeouts;
  ctx.report.info(
    `${ctx.label} userInfo flood (one guest, ${FLOOD_CONNECTIONS} connections)`,
    `${fmt(flood.perSecond)} answers/s: ${fmt(flood.accepted)} served, refused ${refusals(flood)}`,
  );
  ctx.report.budget(
    `${ctx.label} /healthz p99 while one guest floods userInfo`,
    `${loaded.latency.p99} ms (p50 ${loaded.latency.p50} ms, max ${loaded.latency.max} ms, ${fmt(loaded.requests)} requests at ${HEALTH_RATE}/s offered) ` +
      `vs ${quiet.latency.p99} ms without the flood (p50 ${quiet.latency.p50} ms) = ${ratio(loaded.latency.p99 / Math.max(quiet.latency.p99, 1))}` +
      (failures ? `, ${failures} failed requests` : ''),
    `≤ ${BUDGET_P99_MS} ms`,
    loaded.latency.p99 <= BUDGET_P99_MS && failures === 0,
  );
}
