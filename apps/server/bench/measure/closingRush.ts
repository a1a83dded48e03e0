/**
 * Budget: the closing rush. 10,000 funded players (BENCH_RUSH_PLAYERS), each with its own session
 * and its own loopback address and keep-alive connection, already in the room (one signed-in heart
 * poll each), each send one bet in the last 3 seconds before betting closes (spread evenly), and
 * 500 of them a second bet in the second after the close. Every bet sent before the close must be
 * accepted (none refused other than by the rules), every bet sent after it refused as closed, p99
 * of the bets before the close ≤ 250 ms; the round is then drawn by the server under test and the
 * ledger checked (`verifyBets`). The server runs with production's limits (RATE_LIMIT_FACTOR 1):
 * one bet per player from its own address is within every per-player and per-address limit.
 * The load generator is its own process (procs/rush.mjs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { cpuMs, sleep, type Child } from '../lib/processes.js';
import { fmt, loadAverage, type Report } from '../lib/report.js';

export const RUSH_BUDGET_P99_MS = 250;
const WINDOW_MS = 3000;
const LATE = 500;
const STAKE = '10';
const PLAY_TYPE = '1';
const CLOSED_MSG = 'Betting on this round is closed';
/** The same rule once the round is drawn (a late bet reaching the server after the draw): the round is over. */
const OVER_MSG = 'Only the current round can be bet on; this is an old round';
const isClosedRefusal = (s: { code: number; msg: string }) => s.code !== 1 && (s.msg === CLOSED_MSG || s.msg === OVER_MSG);
/**
 * A bet sent this close to the close may reach the server after it (the way there and the server's
 * turn to read it): refused as closed by the rule, not a miss. Any other refusal, or a closed refusal
 * of a bet sent earlier than this, misses the budget.
 */
const EDGE_MS = 50;

export interface RushContext {
  report: Report;
  label: string;
  server: Child;
  tokens: string[];
  gameId: number;
  roomId: number;
  /** The server's round settings (roundAt gives the same close times as the server). */
  rounds: { roundSeconds: number; closeBeforeSeconds: number; timeZone: string };
}

/** The i-th loopback address from 127.1.0.1 on (127.0.0.0/8 is all this host's). */
const addressOf = (i: number) => `127.${1 + Math.floor(i / 65_000)}.${Math.floor((i % 65_000) / 250)}.${1 + (i % 250)}`;

interface Sent {
  player: number;
  sentAt: number;
  ms: number;
  code: number;
  msg: string;
  /** When the schedule said to send it (the load generator's own lag is sentAt − this). */
  at: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

export async function measureClosingRush(ctx: RushContext): Promise<{ issue: string; accepted: number }> {
  const { report, label, server } = ctx;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-rush-'));
  const file = path.join(dir, 'job.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      host: '127.0.0.1',
      port: server.port,
      heart: { path: '/api/Lottery/heart', body: JSON.stringify({ lang: 'en', game_id: ctx.gameId, plan_id: ctx.roomId }) },
      bet: { path: '/api/Lottery/playOrder' },
      players: ctx.tokens.map((token, i) => ({ token, address: addressOf(i) })),
      windowMs: WINDOW_MS,
      late: Math.min(LATE, ctx.tokens.length),
    }),
  );
  const rssBefore = rssKb(server);
  try {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, '../procs/rush.mjs'), file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines = readline.createInterface({ input: child.stdout });
    const iterator = lines[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done || !String(first.value).startsWith('ready')) throw new Error(`rush load generator did not start: ${err}`);
    const [, warmMs, warmErrors] = String(first.value).split(' ');
    report.info(
      `${label} closing rush: players in the room`,
      `${fmt(ctx.tokens.length)} connections from ${fmt(ctx.tokens.length)} addresses, each a signed-in heart poll, in ${fmt(Number(warmMs))} ms (${warmErrors} not answered 1); ` +
        `server RSS ${fmt(rssBefore / 1024)} MB before, ${fmt(rssKb(server) / 1024)} MB with them (${fmt(((rssKb(server) - rssBefore) * 1024) / ctx.tokens.length / 1000, 1)} kB per player, no collection forced)`,
    );

    // The first round whose close leaves time to schedule; roundAt is the server's own rule.
    let round = roundAt(Date.now(), ctx.rounds);
    while (round.closesAt - Date.now() < WINDOW_MS + 1500) round = roundAt(round.drawsAt, ctx.rounds);
    const betBody = JSON.stringify({ lang: 'en', plan_id: ctx.roomId, game_id: ctx.gameId, issue: round.issue, play_type: PLAY_TYPE, money: STAKE });
    child.stdin.end(JSON.stringify({ closeAt: round.closesAt, betBody }) + '\n');
    // CPU time of the server over the rush, read at the window's edges.
    await sleep(Math.max(0, round.closesAt - WINDOW_MS - Date.now()));
    const cpuBefore = cpuMs(server);
    const load = loadAverage();
    const last = await iterator.next();
    const cpuAfter = cpuMs(server);
    if ((await exited) !== 0 || last.done) throw new Error(`rush load generator failed: ${err}`);
    const raw = JSON.parse(String(last.value)) as { sent: [number, number, number, number, string, number][] };
    const sent: Sent[] = raw.sent.map(([player, sentAt, ms, code, msg, at]) => ({ player, sentAt, ms, code, msg, at }));
    return judge(ctx, round, sent, { cpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined, load });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The server process's resident memory, kB (Linux /proc; 0 elsewhere). */
function rssKb(child: Child): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.process.pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function judge(
  ctx: RushContext,
  round: { issue: string; closesAt: number },
  sent: Sent[],
  extra: { cpuMs?: number; load: string },
): { issue: string; accepted: number } {
  const { report, label } = ctx;
  const before = sent.filter((s) => s.sentAt < round.closesAt);
  const after = sent.filter((s) => s.sentAt >= round.closesAt);
  const acceptedBefore = before.filter((s) => s.code === 1);
  const refusedBefore = before.filter((s) => s.code !== 1);
  const atTheEdge = refusedBefore.filter((s) => isClosedRefusal(s) && round.closesAt - s.sentAt <= EDGE_MS);
  const missed = refusedBefore.filter((s) => !atTheEdge.includes(s));
  const closedAfter = after.filter(isClosedRefusal);
  const latencies = before.map((s) => s.ms).sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const max = latencies[latencies.length - 1] ?? 0;
  const byMsg = (list: Sent[]) =>
    Object.entries(
      list.reduce<Record<string, number>>((m, s) => {
        m[s.msg] = (m[s.msg] ?? 0) + 1;
        return m;
      }, {}),
    )
      .map(([msg, n]) => `${n}× "${msg}"`)
      .join(', ');

  // Per second relative to the close, by the moment each bet was sent: accepted (and refused) bets.
  const buckets = new Map<number, { accepted: number; refused: number; answeredAccepted: number }>();
  const bucket = (t: number) => Math.floor((t - round.closesAt) / 1000);
  const at = (b: number) => buckets.get(b) ?? (buckets.set(b, { accepted: 0, refused: 0, answeredAccepted: 0 }), buckets.get(b)!);
  for (const s of sent) {
    const b = at(bucket(s.sentAt));
    if (s.code === 1) b.accepted++;
    else b.refused++;
    if (s.code === 1) at(bucket(s.sentAt + s.ms)).answeredAccepted++;
  }
  const histogram = [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(
      ([b, v]) =>
        `[${b >= 0 ? '+' : ''}${b} s, ${b + 1 >= 0 ? '+' : ''}${b + 1} s): sent and accepted ${fmt(v.accepted)}, refused ${fmt(v.refused)}; accepted answers arriving ${fmt(v.answeredAccepted)}`,
    );
  report.info(`${label} closing rush: accepted bets per second (relative to the close, round ${round.issue}; load ${extra.load})`, '');
  for (const line of histogram) console.log(`        ${line}`);
  const earliestRefused = refusedBefore.length ? round.closesAt - Math.min(...refusedBefore.map((s) => s.sentAt)) : 0;
  const lags = sent.map((s) => s.sentAt - s.at).sort((a, b) => a - b);
  report.info(
    `${label} closing rush: the load generator's own lag`,
    `bets sent after their scheduled moment by p50 ${fmt(percentile(lags, 50))} ms, p99 ${fmt(percentile(lags, 99))} ms, max ${fmt(lags[lags.length - 1] ?? 0)} ms; ` +
      `${fmt(sent.filter((s) => s.at < round.closesAt && s.sentAt >= round.closesAt).length)} scheduled before the close went out after it`,
  );
  report.info(
    `${label} closing rush: server CPU`,
    extra.cpuMs === undefined ? 'not read' : `${fmt(extra.cpuMs)} ms over the rush = ${fmt((extra.cpuMs * 1000) / Math.max(1, sent.length))} µs per bet`,
  );
  report.budget(
    `${label} closing rush: bets sent in the last 3 s before the close`,
    `${fmt(before.length)} sent by ${fmt(ctx.tokens.length)} players, ${fmt(acceptedBefore.length)} accepted, ${fmt(refusedBefore.length)} refused` +
      (refusedBefore.length ? ` (${byMsg(refusedBefore)}; the earliest of them sent ${earliestRefused} ms before the close)` : '') +
      `; ${fmt(atTheEdge.length)} of them refused as closed when sent in the last ${EDGE_MS} ms (reached the server after the close)`,
    `every one accepted but those sent in the last ${EDGE_MS} ms refused as closed (and ≥ 99% of the players' bets sent before the close)`,
    // The load generator may send a few of its bets after their moment (its lag is printed): those it
    // sent after the close count as late bets; at least 99% must have gone out before the close.
    before.length >= 0.99 * ctx.tokens.length && missed.length === 0,
  );
  report.budget(
    `${label} closing rush: bets sent after the close`,
    `${fmt(after.length)} sent, ${fmt(closedAfter.length)} refused as closed (${byMsg(closedAfter)})` +
      (after.length - closedAfter.length ? `, other: ${byMsg(after.filter((s) => !closedAfter.includes(s)))}` : ''),
    'every one refused as closed',
    after.length > 0 && closedAfter.length === after.length,
  );
  report.budget(
    `${label} closing rush: bet p99`,
    `${fmt(p99)} ms (p50 ${fmt(p50)} ms, max ${fmt(max)} ms, over the ${fmt(before.length)} bets before the close)`,
    `≤ ${RUSH_BUDGET_P99_MS} ms`,
    p99 <= RUSH_BUDGET_P99_MS && before.length > 0,
  );
  return { issue: round.issue, accepted: acceptedBefore.length };
}
