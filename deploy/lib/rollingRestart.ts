/**
 * The rolling restart of the two-node test (deploy/test-two-nodes.ts, issue 28 item 5): each node in turn
 * is stopped with SIGTERM (it drains: apps/server/src/http/drain.ts) and started again, while players keep
 * betting through HAProxy and viewers watch live streams through it. Checked and printed:
 * no bet lost or doubled, no 5xx answer seen by a player, every viewer back on a stream within 5 s,
 * each node stopped by itself within 10 s, and the ledger reconciles.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { queryRows } from '../../apps/server/src/db/query.js';
import { findDiscrepancies } from '../../apps/server/src/domain/wallet/invariants.js';
import { LiveViewers, REJOIN_BUDGET_MS } from './liveViewers.js';
import { BettingPlayers, makeBettingPlayers } from './bettingPlayers.js';

/** How long a restarted node serves before the next node is stopped. */
const RESTARTED_NODE_SERVES_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RollingRestartOptions {
  lbPort: number;
  database: Database;
  gameId: number;
  /** A room of the game (its streams and its bets). */
  planId: number;
  nodes: string[];
  /** SIGTERM to the node; resolves with its exit code once it has exited (null: killed by a signal). */
  stop(node: string): Promise<number | null>;
  /** Starts the node again and resolves once it answers /readyz. */
  start(node: string): Promise<void>;
  players?: number;
  viewers?: number;
  check(ok: boolean, what: string, detail?: unknown): void;
  log(...args: unknown[]): void;
}

export async function rollingRestart(opts: RollingRestartOptions): Promise<void> {
  const { check, log } = opts;
  const started = Date.now();
  const players = await makeBettingPlayers(opts.database, opts.players ?? 200, 'rolling restart');
  const viewers = new LiveViewers(opts.lbPort, opts.gameId, opts.planId);
  await viewers.open(opts.viewers ?? 1000);
  const betting = new BettingPlayers(opts.lbPort, opts.gameId, opts.planId, players);
  betting.start();
  log(`(r) ${players.length} players betting and ${viewers.size} viewers watching through HAProxy (ready in ${Date.now() - started} ms)`);
  await sleep(3000);

  for (const node of opts.nodes) {
    const t0 = Date.now();
    const code = await opts.stop(node);
    const stoppedMs = Date.now() - t0;
    check(code === 0 && stoppedMs <= 10_000, `(r) node ${node} drained and exited by itself on SIGTERM within 10 s`, `exit code ${code}, ${stoppedMs} ms`);
    await opts.start(node);
    log(`(r) node ${node} restarted (${Date.now() - t0} ms after SIGTERM)`);
    // HAProxy takes it in again at its next check (each second, rise 1). As an operator does, move on to the
    // next node only once this one has served a while: the next stop sends it every viewer at once.
    await sleep(RESTARTED_NODE_SERVES_MS);
  }
  await sleep(2000);
  await betting.stop();
  await viewers.settle();
  viewers.close();

  const b = betting.figures();
  const v = viewers.figures();
  log('(r) rolling restart figures:', { bets: b, viewers: v });
  check(b.accepted > 0 && b.unresolved === 0, '(r) players kept betting through the restarts (each bet answered, after retries on its key)', b);
  check(b.fiveHundreds === 0, '(r) 0 answers with 5xx seen by the players', `${b.fiveHundreds} of ${b.requests} requests`);

  const userIds = players.map((p) => p.userId);
  const [counts] = await queryRows<{ orders: number }>(
    opts.database.db,
    sql`select count(*)::int as orders from orders where user_id in ${sql.raw(`(${userIds.join(',')})`)}`,
  );
  const stored = new Set(
    (await queryRows<{ key: string }>(opts.database.db, sql`select key from idempotency_keys where user_id in ${sql.raw(`(${userIds.join(',')})`)}`)).map(
      (r) => r.key,
    ),
  );
  // Lost: answered as placed but not stored (its key missing, or fewer orders than bets); doubled: more orders than bets.
  const lost = Math.max(betting.acceptedKeys().filter((k) => !stored.has(k)).length, b.accepted - Number(counts!.orders));
  const doubled = Math.max(0, Number(counts!.orders) - b.accepted);
  check(
    lost === 0 && doubled === 0,
    '(r) 0 bets lost or doubled',
    `${b.accepted} bets accepted, ${counts!.orders} orders stored, ${lost} lost, ${doubled} doubled`,
  );
  check(
    v.ended >= v.viewers && v.late === 0 && v.notBack === 0,
    `(r) every viewer back on a stream within ${REJOIN_BUDGET_MS / 1000} s`,
    `${v.ended} streams ended by the restarts, back within ${v.maxMs} ms at most (p99 ${v.p99Ms} ms), ${v.late} late, ${v.notBack} not back`,
  );
  const discrepancies = await findDiscrepancies(opts.database.db);
  check(discrepancies.length === 0, '(r) the ledger reconciles after the rolling restart', discrepancies.slice(0, 3));
  log(`(r) rolling restart took ${Math.round((Date.now() - started) / 1000)} s`);
}
