/**
 * Budget: Lottery/heart against a bare Fastify process answering the same bytes (the body and the
 * headers sampled from the server's answer, sent as constants), both loaded by
 * autocannon from its own process. Throughput ≥ 0.9× the bare route's (closed loop, 32 connections,
 * short runs interleaved bare/heart after a warm-up, median of the pairs), and at 5,000 req/s offered a p99 ≤ 2× the bare one's.
 * For a room whose feed is full and for the home cards.
 */
import { fmt, ratio, type Report } from '../lib/report.js';
import { cpuMs, runLoad, sampleAnswer, startBare, type Child, type LoadResult } from '../lib/processes.js';

const BUDGET_THROUGHPUT = 0.9;
const BUDGET_P99 = 2;
const OFFERED = 5000;
const ROUTE = '/api/Lottery/heart';

export interface HeartContext {
  report: Report;
  serverUrl: string;
  /** The server under test's process (CPU time per request, against the bare one's). */
  server?: Child;
  barePort: number;
  roomId: number;
  gameId: number;
  /** Length of each measured run. */
  seconds: number;
  /** Bare/heart pairs of runs per figure (the median pair counts). */
  pairs: number;
  label: string;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function measureHeart(ctx: HeartContext): Promise<void> {
  const variants = [
    { name: 'room heart (feed full)', body: { plan_id: ctx.roomId, game_id: ctx.gameId, lang: 'en' } },
    { name: 'home heart', body: { lang: 'en' } },
  ];
  for (const v of variants) {
    const json = JSON.stringify(v.body);
    const sample = await sampleAnswer(ctx.serverUrl + ROUTE, json);
    const bytes = sample.body;
    const bare = await startBare(ctx.barePort, ROUTE, sample);
    try {
      const load = (url: string, seconds: number, rate?: number) => runLoad({ url, path: ROUTE, body: json, connections: 32, seconds, rate });
      // Warm-up (JIT, connections), then bare and heart in turn, several short runs each: a noisy
      // neighbour on the machine hits both alike, and the median pair decides.
      await load(bare.url, 1);
      await load(ctx.serverUrl, 1);
      const pairs: { bare: LoadResult; heart: LoadResult }[] = [];
      const cpu = { bare: 0, heart: 0, bareRequests: 0, heartRequests: 0 };
      const timed = async (child: Child | undefined, url: string, side: 'bare' | 'heart') => {
        const before = child && cpuMs(child);
        const result = await load(url, ctx.seconds);
        const after = child && cpuMs(child);
        if (before !== undefined && after !== undefined) {
          cpu[side] += after - before;
          cpu[side === 'bare' ? 'bareRequests' : 'heartRequests'] += result.requests;
        }
        return result;
      };
      for (let i = 0; i < ctx.pairs; i++) pairs.push({ bare: await timed(bare, bare.url, 'bare'), heart: await timed(ctx.server, ctx.serverUrl, 'heart') });
      if (cpu.bareRequests && cpu.heartRequests) {
        const perBare = (cpu.bare * 1000) / cpu.bareRequests;
        const perHeart = (cpu.heart * 1000) / cpu.heartRequests;
        ctx.report.info(
          `${ctx.label} ${v.name} server CPU per request`,
          `${fmt(perHeart, 1)} µs vs bare ${fmt(perBare, 1)} µs = bare/heart ${ratio(perBare / perHeart)} (user + system time of each process; less disturbed by a busy machine than req/s)`,
        );
      }
      const throughput = median(pairs.map((p) => p.heart.perSecond / p.bare.perSecond));
      const failures = pairs.reduce((n, p) => n + p.heart.non2xx + p.heart.errors + p.heart.timeouts, 0);
      ctx.report.budget(
        `${ctx.label} ${v.name} throughput (${fmt(bytes.length)} B)`,
        `${fmt(median(pairs.map((p) => p.heart.perSecond)))} req/s vs bare ${fmt(median(pairs.map((p) => p.bare.perSecond)))} req/s ` +
          `(medians of ${ctx.pairs} runs of ${ctx.seconds} s each) = ${ratio(throughput)} (median of the pairs' ratios)` +
          (failures ? `, ${failures} failed requests` : ''),
        `≥ ${BUDGET_THROUGHPUT}×`,
        throughput >= BUDGET_THROUGHPUT && failures === 0,
      );
      const fixed: { bare: LoadResult; heart: LoadResult }[] = [];
      for (let i = 0; i < ctx.pairs; i++) {
        fixed.push({ bare: await load(bare.url, ctx.seconds, OFFERED), heart: await load(ctx.serverUrl, ctx.seconds, OFFERED) });
      }
      const p99 = median(fixed.map((p) => p.heart.latency.p99 / Math.max(p.bare.latency.p99, 1)));
      const fixedFailures = fixed.reduce((n, p) => n + p.heart.non2xx + p.heart.errors + p.heart.timeouts, 0);
      ctx.report.budget(
        `${ctx.label} ${v.name} p99 at ${fmt(OFFERED)} req/s offered`,
        `${median(fixed.map((p) => p.heart.latency.p99))} ms (${fmt(median(fixed.map((p) => p.heart.perSecond)))} req/s served) ` +
          `vs bare ${median(fixed.map((p) => p.bare.latency.p99))} ms (${fmt(median(fixed.map((p) => p.bare.perSecond)))} req/s) = ${ratio(p99)} ` +
          `(median of ${ctx.pairs} pairs)${fixedFailures ? `, ${fixedFailures} failed requests` : ''}`,
        `≤ ${BUDGET_P99}× (bare p99 counted as at least 1 ms)`,
        p99 <= BUDGET_P99 && fixedFailures === 0,
      );
    } finally {
      await bare.stop();
    }
  }
}
