/**
 * The game engine of one server node: configuration and in-memory snapshot, hash-chain seeds,
 * betting, draw application, presence, cross-node events and the round scheduler.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database, Db } from '../db/client.js';
import { literal, queryRows } from '../db/query.js';
import { LedgerType } from '../domain/ledger/post.js';
import { BalanceCache } from './balances.js';
import { loadGameConfigs, promoteDueChanges, type LoadedConfig } from '../domain/game/config.js';
import type { BetRequest, BetResult } from '../domain/betting/request.js';
import { placeBet } from '../domain/betting/placeBet.js';
import { BetBatcher } from './betBatcher.js';
import { ChainSeedCache, chainsSuffice, DEFAULT_CHAIN_LENGTH, ensureChain, openChainsByGame, type ChainRow } from '../domain/game/chains.js';
import type { DrawFaults, DrawOutcome } from '../domain/game/drawAndSettle.js';
import { GameChanges, type GameChange } from './changes.js';
import { GameEvents, type GameEvent } from './events.js';
import { recountDrawStatistics } from '../domain/game/drawStatistics.js';
import { ROUND_LOCK } from '../domain/game/locks.js';
import { Presence } from './presence.js';
import { maskNickname } from '../present.js';
import { roundAt, type RoundSettings, type RoundTiming } from '../domain/game/roundClock.js';
import { ROUND_COLUMNS, toRound } from '../domain/game/rounds.js';
import { RoundScheduler, type ScheduledEngine } from './scheduler.js';
import { GameSnapshot, MAX_DRAWS, MAX_FEED, MAX_HITS, type DrawSummary, type FeedEntry } from './snapshot.js';
import { inTransaction } from '../db/transaction.js';

/** Of the draws a node had not seen, the latest this many rounds' wins are loaded. */
const WIN_ROUNDS = 10;

export interface GameEngineOptions {
  database: Database;
  clock: Clock;
  settings: RoundSettings;
  log: FastifyBaseLogger;
  /** Links per hash chain (default DEFAULT_CHAIN_LENGTH: about 48 days of 210-s rounds). */
  chainLength?: number;
  /** Publish the next chain when this many links are left. */
  chainSpare?: number;
  /** Scheduler timer period, ms. */
  tickMs?: number;
}

export class GameEngine implements ScheduledEngine {
  readonly database: Database;
  readonly db: Db;
  readonly clock: Clock;
  readonly settings: RoundSettings;
  readonly log: FastifyBaseLogger;
  readonly snapshot = new GameSnapshot();
  readonly presence = new Presence();
  readonly balances = new BalanceCache();
  readonly seeds = new ChainSeedCache();
  private chainsAtStart: ChainRow[] = [];
  private closing = false;
  /** The common case of placing bets, batched into shared statements (domain/betting/oneStatementBet.ts). */
  readonly betBatcher: BetBatcher;
  readonly events: GameEvents;
  /** Snapshot changes as they happen (the live streams listen). */
  readonly changes = new GameChanges();
  readonly scheduler: RoundScheduler;
  readonly chain: { length: number; spare: number };
  /** Test hooks for crash simulation. */
  faults: DrawFaults = {};
  private currentTiming: RoundTiming | undefined;
  /** Operators' changes for the next round (see applyDueConfig). */
  private upcoming: LoadedConfig['upcoming'] = null;

  constructor(opts: GameEngineOptions) {
    this.database = opts.database;
    this.db = opts.database.db;
    this.clock = opts.clock;
    this.settings = opts.settings;
    this.log = opts.log;
    const length = opts.chainLength ?? DEFAULT_CHAIN_LENGTH;
    this.chain = { length, spare: opts.chainSpare ?? Math.max(1, Math.min(1000, Math.floor(length / 10))) };
    this.betBatcher = new BetBatcher(opts.database);
    this.events = new GameEvents(opts.database, {
      onEvent: (e) => void this.onRemoteEvent(e),
      onError: (err) => this.log.warn({ err }, 'game event failed'),
      resync: () => this.resync(),
      log: this.log,
    });
    this.scheduler = new RoundScheduler(this, { intervalMs: opts.tickMs ?? 1000 });
  }

  /** Loads configuration and recent state from the database and starts listening to other nodes. */
  async init(): Promise<void> {
    await this.reloadConfig();
    this.chainsAtStart = await this.ensureChains();
    const recounted = await recountDrawStatistics(this.db);
    if (recounted.length > 0) this.log.info({ games: recounted }, 'draw statistics rebuilt from the drawn rounds');
    // Listening before loading: a bet or draw of another node meanwhile is in one or the other.
    await this.events.start();
    await this.loadRecentState();
  }

  /**
   * After the connection to other nodes was lost and is back: what they did meanwhile, from the
   * database — configuration, draws with their wins, the current rounds' bets — then every live
   * stream gets its whole state again.
   */
  async resync(): Promise<void> {
    await this.loadConfig();
    await this.loadRecentState();
    this.notify({ type: 'config' });
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.scheduler.stop();
    await this.events.stop();
  }

  /** The round the clock is in now (same grid for every game); cached until it ends. */
  currentRound(now = this.clock.now()): RoundTiming {
    this.applyDueConfig(now);
    const t = this.currentTiming;
    if (t && now >= t.opensAt && now < t.drawsAt) return t;
    this.currentTiming = roundAt(now, this.settings);
    return this.currentTiming;
  }

  /** Re-reads games and rooms, with operators' changes waiting for the next round (call after an edit). */
  async reloadConfig(): Promise<void> {
    await this.loadConfig();
    this.notify({ type: 'config' });
  }

  private async loadConfig(): Promise<void> {
    const loaded = await loadGameConfigs(this.db, this.clock.now(), (roomId, err) =>
      this.log.error({ err, roomId }, 'room odds override is invalid; room disabled'),
    );
    this.snapshot.setConfig(loaded.current);
    this.upcoming = loaded.upcoming;
  }

  private notify(change: GameChange): void {
    this.changes.emit(change, (err) => this.log.warn({ err, change: change.type }, 'a game change listener failed'));
  }

  /**
   * Puts operators' changes in force once their round has begun: synchronously, before any bet or
   * answer of that round reads the configuration; the database catches up on the next reload.
   */
  applyDueConfig(now = this.clock.now()): void {
    const next = this.upcoming;
    if (!next || now < next.at) return;
    this.upcoming = null;
    this.snapshot.setConfig(next.configs);
    this.notify({ type: 'config' });
    void promoteDueChanges(this.db, now).catch((err) => this.log.warn({ err }, 'promoting configuration changes failed'));
  }

  /**
   * Creates each game's hash chain if it has none, so its final hash is published before play. Walking
   * each current chain into the seed cache (a node that has not drawn a game yet, the survivor when
   * the drawing node dies, must not spend its first draw hashing the whole chain) is `warmSeeds`,
   * which a start runs after the node serves.
   */
  async ensureChains(): Promise<ChainRow[]> {
    const now = this.clock.now();
    const chains: ChainRow[] = [];
    // A restart finds every game's chains in order with one read; a game's lock only where one is to be made.
    const open = await openChainsByGame(this.db);
    for (const game of this.snapshot.gameList()) {
      const found = open.get(game.id) ?? [];
      if (chainsSuffice(found, this.chain.spare)) {
        chains.push(found[0]!);
        continue;
      }
      chains.push(
        await inTransaction(this.db, async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${ROUND_LOCK}, ${game.id})`);
          return ensureChain(tx, game.id, { ...this.chain, now, seeds: this.seeds });
        }),
      );
    }
    return chains;
  }

  /** Walks each game's chain at start into the seed cache, in slices that let requests run between. */
  async warmSeeds(): Promise<void> {
    for (const chain of this.chainsAtStart) {
      if (this.closing) return;
      await this.seeds.warm(chain, () => new Promise((resolve) => setImmediate(resolve)));
    }
  }

  /**
   * Recent state from the database, added to what the snapshot has (start-up and resync): each game's
   * draws with the wins of the rounds it had not seen, and the recent bets (feeds, with a push of the
   * ones new here) and every order of the current rounds (counters).
   */
  private async loadRecentState(): Promise<void> {
    await this.catchUpDraws(this.snapshot.gameList().map((g) => g.id));
    const now = this.clock.now();
    const current = this.currentRound(now);
    const since = new Date(now - 3 * this.settings.roundSeconds * 1000).toISOString();
    const recent = await queryRows<Record<string, unknown>>(
      this.db,
      sql`
      select o.id, o.user_id, o.room_id, o.game_id, o.issue, o.play_type, o.amount, o.created_at,
             coalesce(u.nickname, u.username) as nickname,
             (select min(l.over) from ledger l where l.ref_type = 'order' and l.ref_id = o.id and l.type = ${literal(LedgerType.purchase)}) as after
      from orders o join users u on u.id = o.user_id
      where o.round_id in (select id from rounds where draws_at >= ${since})
      order by o.id desc limit ${MAX_FEED * Math.max(1, this.snapshot.rooms.size)}`,
    );
    const byRoom = new Map<number, { gameId: number; entries: FeedEntry[] }>();
    for (const r of recent) {
      const roomId = Number(r.room_id);
      let room = byRoom.get(roomId);
      if (!room) byRoom.set(roomId, (room = { gameId: Number(r.game_id), entries: [] }));
      room.entries.push(this.feedEntry(r));
    }
    const orders = await queryRows<{ game_id: number; id: number }>(
      this.db,
      sql`
      select game_id, id from orders where round_id in (select id from rounds where issue = ${current.issue})`,
    );
    for (const game of this.snapshot.gameList()) {
      this.snapshot.countBets(
        game.id,
        current.issue,
        orders.filter((o) => Number(o.game_id) === game.id).map((o) => Number(o.id)),
      );
    }
    for (const [roomId, { gameId, entries }] of byRoom) {
      const fresh = this.snapshot.addBets(roomId, entries);
      // One push per bettor's run of bets, as their own bets would have come.
      for (let i = 0; i < fresh.length;) {
        let j = i + 1;
        while (j < fresh.length && fresh[j]!.userId === fresh[i]!.userId) j++;
        this.notify({ type: 'bets', gameId, roomId, entries: fresh.slice(i, j) });
        i = j;
      }
    }
  }

  private feedEntry(r: Record<string, unknown>): FeedEntry {
    return {
      orderId: Number(r.id),
      userId: Number(r.user_id),
      nickname: maskNickname(String(r.nickname)),
      issue: String(r.issue),
      playType: Number(r.play_type),
      amount: Number(r.amount),
      after: Number(r.after ?? 0),
      createdAt: new Date(String(r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at)).getTime(),
    };
  }

  /** A draw made by another node — its event (`roundId`), or found missing by the scheduler. */
  async catchUpDraw(gameId: number, roundId?: number): Promise<void> {
    await this.catchUpDraws([gameId], roundId);
  }

  /**
   * The games' latest draws from the database, with the wins of the rounds this node had not seen
   * (or of `roundId`): draws and wins enter the snapshot together, so no push shows the one without
   * the other; then one push per game whose draws changed.
   */
  private async catchUpDraws(gameIds: number[], roundId?: number): Promise<void> {
    const loaded: { gameId: number; draws: DrawSummary[] }[] = [];
    const unseen = new Set<number>(roundId === undefined ? [] : [roundId]);
    for (const gameId of gameIds) {
      const draws = await this.loadDraws(gameId);
      const known = this.snapshot.lastDraw(gameId);
      for (const d of draws.slice(0, WIN_ROUNDS)) if (!known || d.drawsAt > known.drawsAt) unseen.add(d.roundId);
      loaded.push({ gameId, draws });
    }
    // A player's net result of each round (every order of theirs in it, in every room), when positive.
    const wins =
      unseen.size === 0
        ? []
        : await queryRows<Record<string, unknown>>(
            this.db,
            sql`
      select o.round_id, o.user_id, o.game_id, sum(o.profit)::bigint as profit, coalesce(u.nickname, u.username) as nickname
      from orders o join users u on u.id = o.user_id join rounds r on r.id = o.round_id
      where o.round_id in (${sql.join(
        [...unseen].map((id) => sql`${id}`),
        sql`, `,
      )}) and o.status = 1
      group by o.round_id, o.user_id, o.game_id, u.nickname, u.username, r.drawn_at
      having sum(o.profit) > 0
      order by r.drawn_at desc, sum(o.profit) desc, o.user_id limit ${MAX_HITS}`,
          );
    const changed = loaded.filter(({ gameId, draws }) => this.setDraws(gameId, draws));
    this.snapshot.addHits(
      wins.map((w) => ({
        roundId: Number(w.round_id),
        userId: Number(w.user_id),
        gameId: Number(w.game_id),
        nickname: maskNickname(String(w.nickname)),
        profit: Number(w.profit),
      })),
    );
    for (const w of wins) this.balances.forget(Number(w.user_id));
    for (const { gameId } of loaded) {
      if (changed.some((c) => c.gameId === gameId) || roundId !== undefined) this.notify({ type: 'draw', gameId });
    }
  }

  private async loadDraws(gameId: number): Promise<DrawSummary[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`
      select ${ROUND_COLUMNS} from rounds where game_id = ${gameId} and drawn_at is not null
      order by draws_at desc limit ${MAX_DRAWS}`,
    );
    return rows.map((r) => toSummary(toRound(r))).filter((d): d is DrawSummary => d !== null);
  }

  /** Puts a game's latest draws in the snapshot; whether its last draw changed. */
  private setDraws(gameId: number, draws: DrawSummary[]): boolean {
    const before = this.snapshot.lastDraw(gameId)?.roundId;
    this.snapshot.setDraws(gameId, draws);
    return this.snapshot.lastDraw(gameId)?.roundId !== before;
  }

  /** Places bets (domain/betting/placeBet.ts) and, after commit, shows them in the room's feed and tells the other nodes. */
  async placeBets(
    req: BetRequest,
    opts: {
      /** Confirms the caller's session before the general path (the one statement checks it itself). */
      confirmSession?: () => Promise<void>;
      /** When the request arrived (the bet is judged at that moment: before the close or not); default now. */
      receivedAt?: number;
    } = {},
  ): Promise<{ result: BetResult; replayed: boolean }> {
    const now = Math.min(opts.receivedAt ?? Infinity, this.clock.now());
    const round = this.currentRound(now); // puts due operator changes in force first
    const { answer, replayed } = await placeBet(
      this.db,
      req,
      {
        settings: this.settings,
        seeds: this.seeds,
        chain: this.chain,
        now,
        round,
        game: this.snapshot.games.get(req.gameId),
        room: this.snapshot.rooms.get(req.roomId),
      },
      { batch: (bet) => this.betBatcher.place(bet), confirmSession: opts.confirmSession },
    );
    if (!replayed) {
      const event = betEvent(answer);
      this.applyBetEvent(event);
      this.events.publishAfterCommit(event);
    }
    return { result: answer, replayed };
  }

  private applyBetEvent(e: Extract<GameEvent, { type: 'bet' }>): void {
    const now = this.clock.now();
    const entries = e.entries.map((x) => ({ ...x, nickname: maskNickname(x.nickname), issue: e.issue }));
    // A bet a resync has already shown (its notification came after the database was read) is not pushed twice.
    const fresh = this.snapshot.addBets(e.roomId, entries);
    this.snapshot.countBets(
      e.gameId,
      e.issue,
      e.entries.map((x) => x.orderId),
    );
    const last = e.entries[e.entries.length - 1];
    if (last) this.balances.set(last.userId, last.after, now);
    if (fresh.length > 0) this.notify({ type: 'bets', gameId: e.gameId, roomId: e.roomId, entries: fresh });
  }

  /** Applies a draw made by this node's scheduler to the snapshot. */
  applyDraw(outcome: DrawOutcome): void {
    const summary = toSummary(outcome.round);
    if (summary) this.snapshot.addDraw(summary);
    this.snapshot.addHits(
      outcome.wins.map((w) => ({
        roundId: outcome.round.id,
        userId: w.userId,
        gameId: outcome.round.gameId,
        nickname: maskNickname(w.nickname),
        profit: w.profit,
      })),
    );
    const now = this.clock.now();
    for (const [userId, balance] of outcome.balances) this.balances.set(userId, balance, now);
    this.notify({ type: 'draw', gameId: outcome.round.gameId });
  }

  private async onRemoteEvent(e: GameEvent): Promise<void> {
    try {
      if (e.type === 'bet') return this.applyBetEvent(e);
      if (e.type === 'config') return await this.reloadConfig();
      await this.catchUpDraw(e.gameId, e.roundId);
    } catch (err) {
      this.log.warn({ err, event: e.type }, 'applying a game event from another node failed');
    }
  }

  /** The user's balance (money + score, cents): from memory when recent, else one query. */
  async balanceOf(userId: number): Promise<number | undefined> {
    const now = this.clock.now();
    const cached = this.balances.get(userId, now);
    if (cached !== undefined) return cached;
    const rows = await queryRows<{ b: number | string }>(this.db, sql`select money + score as b from users where id = ${userId}`);
    if (!rows[0]) return undefined;
    const b = Number(rows[0].b);
    this.balances.set(userId, b, now);
    return b;
  }
}

function toSummary(r: ReturnType<typeof toRound>): DrawSummary | null {
  if (!r.digits || r.total === null || !r.numbers || r.drawnAt === null) return null;
  return { roundId: r.id, gameId: r.gameId, issue: r.issue, digits: r.digits, total: r.total, numbers: r.numbers, drawsAt: r.drawsAt, drawnAt: r.drawnAt };
}

function betEvent(result: BetResult): Extract<GameEvent, { type: 'bet' }> {
  return {
    type: 'bet',
    gameId: result.gameId,
    roomId: result.roomId,
    issue: result.issue,
    entries: result.orders.map((o, i) => ({
      orderId: o.id,
      userId: result.userId,
      nickname: result.nickname,
      playType: o.playType,
      amount: o.amount,
      after: result.afterEach[i] ?? result.after,
      createdAt: result.createdAt,
    })),
  };
}
