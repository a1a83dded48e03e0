/**
 * The round scheduler (docs/design.md#games-and-rounds). Each tick, on the engine's (injectable) clock:
 *  1. creates the current and the next round of every open game if missing — so a round's
 *     commitment is public a whole round before it opens;
 *  2. draws and settles every round whose draw time has passed and that is not drawn yet, oldest
 *     first, and settles any drawn round that still has open orders.
 * It keeps no state that matters: a restart at any moment redoes exactly what is left, and the
 * database (row locks, `drawn_at is null`, `status = 0`) guarantees each draw and each payout happen
 * once. With several nodes every node ticks, but the per-game advisory lock lets only one draw.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/query.js';
import type { ChainSeedCache } from '../domain/game/chains.js';
import { drawAndSettle, type DrawFaults, type DrawOutcome } from '../domain/game/drawAndSettle.js';
import { isWithinHours, nextRoundAfter, type RoundSettings, type RoundTiming } from '../domain/game/roundClock.js';
import { ensureRound } from '../domain/game/rounds.js';
import { inTransaction } from '../db/transaction.js';
import type { GameEvents } from './events.js';
import type { GameSnapshot } from './snapshot.js';

export interface TickReport {
  created: number;
  drawn: number;
  settledOrders: number;
}

/**
 * What a tick drives: the node's game engine (engine.ts), which owns its scheduler. Declared here, so
 * the scheduler depends on what it uses and not on the engine.
 */
export interface ScheduledEngine {
  readonly db: Db;
  readonly clock: Clock;
  readonly settings: RoundSettings;
  readonly log: FastifyBaseLogger;
  readonly snapshot: GameSnapshot;
  readonly seeds: ChainSeedCache;
  readonly chain: { length: number; spare: number };
  readonly faults: DrawFaults;
  readonly events: Pick<GameEvents, 'publish' | 'nodeId'>;
  reloadConfig(): Promise<void>;
  ensureChains(): Promise<unknown>;
  currentRound(now: number): RoundTiming;
  applyDraw(outcome: DrawOutcome): void;
  catchUpDraw(gameId: number): Promise<void>;
}

const CONFIG_RELOAD_MS = 30_000;
const SNAPSHOT_RESYNC_MS = 10_000;

export class RoundScheduler {
  /** Totals over this instance's life (tests compare them across nodes). */
  readonly stats = { ticks: 0, created: 0, drawn: 0, settledOrders: 0 };
  /** Told each round this node drew or settled, with the seconds its transaction took (the metrics). */
  onRound?: (outcome: DrawOutcome, seconds: number) => void;
  /** Runs after the draws of every tick: the round's posts in the room chat (live/roundRhythm.ts). */
  rhythm?: { tick(now: number): Promise<void> };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private active = false;
  private ensured = new Set<string>();
  private configLoadedAt = -Infinity;
  private chainsReady = false;
  private resyncedAt = new Map<number, number>();

  constructor(
    private engine: ScheduledEngine,
    private opts: { intervalMs: number },
  ) {}

  get isRunning(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.loop();
  }

  private loop(): void {
    if (!this.active) return;
    this.running = this.tick()
      .catch((err) => this.engine.log.error({ err }, 'scheduler tick failed'))
      .finally(() => {
        if (this.active) this.timer = setTimeout(() => this.loop(), this.opts.intervalMs);
      });
  }

  /** Stops the timer and waits for a tick in progress. */
  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async tick(): Promise<TickReport> {
    const { engine } = this;
    const now = engine.clock.now();
    const report: TickReport = { created: 0, drawn: 0, settledOrders: 0 };
    this.stats.ticks++;

    if (now - this.configLoadedAt >= CONFIG_RELOAD_MS || engine.snapshot.games.size === 0) {
      await engine.reloadConfig();
      this.configLoadedAt = now;
      this.chainsReady = false;
    }
    if (!this.chainsReady) {
      await engine.ensureChains();
      this.chainsReady = true;
    }

    const current = engine.currentRound(now);
    const next = nextRoundAfter(current, engine.settings);
    for (const game of engine.snapshot.gameList()) {
      if (!game.enabled) continue;
      for (const timing of [current, next]) {
        const key = `${game.id}:${timing.issue}`;
        if (this.ensured.has(key) || !isWithinHours(timing.opensAt, game, engine.settings.timeZone)) continue;
        const { created } = await inTransaction(engine.db, (tx) => ensureRound(tx, game.id, timing, engine.seeds, { ...engine.chain, now }));
        if (created) report.created++;
        this.ensured.add(key);
      }
    }
    if (this.ensured.size > 1000) this.ensured = new Set([...this.ensured].slice(-100));

    // Rounds due for their draw, and drawn rounds with orders still open (only after a fault).
    const due = await queryRows<{ id: number | string }>(
      engine.db,
      sql`
      select id from (
        select id, draws_at from rounds where drawn_at is null and draws_at <= ${new Date(now).toISOString()}
        union
        select r.id, r.draws_at from orders o join rounds r on r.id = o.round_id
        where o.status = 0 and r.drawn_at is not null
      ) d order by draws_at, id`,
    );
    // One failing round must not hold up the others: carry on, then report the first failure.
    let failure: unknown;
    for (const row of due) {
      try {
        const started = performance.now();
        const outcome = await drawAndSettle(engine.db, Number(row.id), {
          seeds: engine.seeds,
          now,
          faults: engine.faults,
          onSettled: (tx, round) => engine.events.publish(tx, { type: 'draw', gameId: round.gameId, roundId: round.id }),
        });
        if (!outcome) continue;
        this.onRound?.(outcome, (performance.now() - started) / 1000);
        if (outcome.drew) {
          report.drawn++;
          // Which node drew which round: the two-node deploy test (deploy/) reads this line.
          engine.log.info({ gameId: outcome.round.gameId, issue: outcome.round.issue, roundId: outcome.round.id, nodeId: engine.events.nodeId }, 'round drawn');
        }
        report.settledOrders += outcome.settledOrders;
        engine.applyDraw(outcome);
      } catch (err) {
        failure ??= err;
      }
    }

    // If another node drew the previous round and its notification did not reach us, catch up.
    for (const game of engine.snapshot.gameList()) {
      const last = engine.snapshot.lastDraw(game.id);
      const behind = !last || last.drawsAt < current.opensAt;
      if (behind && now - (this.resyncedAt.get(game.id) ?? -Infinity) >= SNAPSHOT_RESYNC_MS) {
        this.resyncedAt.set(game.id, now);
        await engine.catchUpDraw(game.id);
      }
    }

    // The round's posts in the chat; a failure waits for the next tick and holds up no draw.
    await this.rhythm?.tick(now).catch((err: unknown) => (failure ??= err));

    this.stats.created += report.created;
    this.stats.drawn += report.drawn;
    this.stats.settledOrders += report.settledOrders;
    if (failure !== undefined) throw failure;
    return report;
  }
}
