/**
 * Budget (issue 43, item 5): bets per second with the round's exposure cap on (domain/betting/exposureCap.ts:
 * a cap so high it never refuses, so that every bet runs the reservation) within 10 % of the cap off.
 * Runs alternate off/on/on/off… one round each (an operator's cap change takes effect from the next
 * round), the same bets as measure/bets.ts; the median of the pairs' ratios decides.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { operators } from '../../src/db/schema.js';
import { createOperatorSession } from '../../src/domain/operators/sessions.js';
import { runLoad, post, sleep, type LoadResult } from '../lib/processes.js';
import { fmt, ratio } from '../lib/report.js';
import type { BetsContext } from './bets.js';

/** With the cap on, at least 90 % of the bets per second without it. */
const BUDGET = 0.9;
/** The largest cap an operator may set (1,000,000,000 u): no bench round comes near it. */
const NEVER_REACHED_CAP = '1000000000';
const CONNECTIONS = 32;

export interface CapContext extends BetsContext {
  /** An enrolled admin's session token (`enrolledAdminToken`), to change the game's cap. */
  operatorToken: string;
  /** Off/on pairs of runs. */
  pairs: number;
}

/** The first operator (the seeded admin) enrolled and signed in: set-up, before the server starts. */
export async function enrolledAdminToken(db: Db): Promise<string> {
  const [admin] = await db.select().from(operators).orderBy(operators.id).limit(1);
  // A secret stands for the enrolment; no code is asked of a session.
  await db.update(operators).set({ totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(operators.id, admin!.id));
  return createOperatorSession(db, admin!.id, { now: Date.now() });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface HeartRound {
  issue: { issue: string; closeTime: number };
}

/** Measures and reports; answers the last run's round and the bets it accepted (warm-up included), for the ledger's check. */
export async function measureCap(ctx: CapContext): Promise<{ issue: string; accepted: number }> {
  const admin = (path: string, body: Record<string, unknown>) =>
    post<Record<string, unknown>>(`${ctx.serverUrl}/api/admin/${path}`, { lang: 'en', ...body }, { token: ctx.operatorToken });
  const config = await admin('gameConfig', {});
  const game = (config.data.games as { id: number; enabled: boolean; open_from: string | null; open_to: string | null }[]).find((g) => g.id === ctx.gameId);
  if (!game) throw new Error(`game ${ctx.gameId} not in the console's configuration: ${config.msg}`);

  /** Sets the cap from the next round and waits for a round under it with `seconds` of betting left. */
  const roundWithCap = async (on: boolean, seconds: number): Promise<string> => {
    const set = await admin('gameUpdate', {
      id: game.id,
      enabled: game.enabled,
      open_from: game.open_from,
      open_to: game.open_to,
      exposure_cap: on ? NEVER_REACHED_CAP : '0',
    });
    if (set.code !== 1) throw new Error(`setting the exposure cap was refused: ${set.msg}`);
    await sleep(Math.max(0, Number(set.data.from) * 1000 - Date.now()) + 200);
    for (;;) {
      const { data } = await post<HeartRound>(`${ctx.serverUrl}/api/Lottery/heart`, { game_id: ctx.gameId, lang: 'en' });
      if (data.issue.closeTime >= seconds) return data.issue.issue;
      await sleep(500);
    }
  };
  const last = { issue: '', accepted: 0 };
  const run = async (on: boolean): Promise<LoadResult> => {
    // Time to spare: on a loaded host the load generator takes seconds to start.
    const issue = await roundWithCap(on, ctx.seconds + 10);
    const body = JSON.stringify({ lang: 'en', plan_id: ctx.roomId, game_id: ctx.gameId, issue, play_type: '1', money: '10' });
    const job = {
      url: ctx.serverUrl,
      path: '/api/Lottery/playOrder',
      body,
      connections: CONNECTIONS,
      tokens: ctx.tokens,
      countCodes: true,
      idempotencyKeys: true,
    };
    const warm = await runLoad({ ...job, seconds: 1 });
    const result = await runLoad({ ...job, seconds: ctx.seconds });
    Object.assign(last, { issue, accepted: warm.accepted + result.accepted });
    if (on) capUse.push(await capUseRatio());
    return result;
  };
  /** The round's fullest reservation ÷ the cap, from the server's metrics: > 0 shows the bets reserved. */
  const capUse: number[] = [];
  const capUseRatio = async () => {
    if (!ctx.metricsUrl) return NaN;
    const text = await (await fetch(`${ctx.metricsUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`lucky28_round_exposure_cap_use_ratio{game="${ctx.gameId}"}`));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
  };

  const pairs: { off: LoadResult; on: LoadResult }[] = [];
  for (let i = 0; i < ctx.pairs; i++) {
    // off, on, then on, off: a drift of the machine's load falls on both sides alike.
    if (i % 2 === 0) {
      const off = await run(false);
      pairs.push({ off, on: await run(true) });
    } else {
      const on = await run(true);
      pairs.push({ on, off: await run(false) });
    }
  }
  // Back to no cap, as the game was.
  await admin('gameUpdate', { id: game.id, enabled: game.enabled, open_from: game.open_from, open_to: game.open_to, exposure_cap: '0' });

  const rate = (r: LoadResult) => r.accepted / r.seconds;
  const r = median(pairs.map((p) => rate(p.on) / rate(p.off)));
  const refused = pairs.reduce((n, p) => n + p.on.requests - p.on.accepted, 0);
  const line = (side: 'off' | 'on') => pairs.map((p) => `${fmt(rate(p[side]))}/s p99 ${p[side].latency.p99} ms`).join(', ');
  ctx.report.budget(
    `${ctx.label} bets with the exposure cap on vs off`,
    `${ctx.pairs} alternating pairs of ${ctx.seconds} s runs, one round each — cap on (${NEVER_REACHED_CAP} u, every bet reserves): ${line('on')}; ` +
      `off: ${line('off')}; median ratio ${ratio(r)}; the round's fullest reservation after each run with the cap on ` +
      `${capUse.map((u) => `${(u * 100).toPrecision(2)}%`).join(', ')} of the cap${refused ? `; ${refused} bets refused with the cap on` : ''}`,
    `≥ ${ratio(BUDGET)}, nothing refused, every run with the cap on reserving`,
    r >= BUDGET && refused === 0 && capUse.every((u) => u > 0),
  );
  return last;
}
