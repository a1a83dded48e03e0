/**
 * Hash chains per game (docs/design.md#the-hash-chain). A chain is c0 … cN with c(k+1) = SHA-256(c(k)); its terminal
 * hash cN is stored (published) when the chain is created, before any round uses it. Rounds take
 * links from the top: the first round's seed is c(N−1), the next c(N−2), … A successor chain is
 * created (and so published) while the current one still has `spare` links left.
 */
import { hash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

/**
 * About 48 days of the default 210-s rounds per chain; its successor is published while the last
 * tenth (at most 1,000 links) is still unused. Longer chains buy nothing for fairness — each round's
 * seed is committed by the one after it either way — and cost every first start, and every restart's
 * walk into the seed cache, their whole length in hashes (100,000 links: ~2 s of a first start here).
 */
export const DEFAULT_CHAIN_LENGTH = 20_000;
const CHECKPOINT_EVERY = 1024;

const sha = (b: Buffer): Buffer => hash('sha256', b, 'buffer');

/** Links hashed between two yields of a background walk (about 5 ms). */
const WALK_SLICE = 4096;

export interface ChainRow {
  id: number;
  gameId: number;
  secret: string;
  length: number;
  terminalHash: string;
  used: number;
}

/** c(steps) from c0. */
export function walkFrom(c0Hex: string, steps: number): string {
  let b: Buffer = Buffer.from(c0Hex, 'hex');
  for (let i = 0; i < steps; i++) b = sha(b);
  return b.toString('hex');
}

/** Every CHECKPOINT_EVERY-th link of a chain from c0, and its terminal hash cN. */
function checkpointsOf(c0: Buffer, length: number): { points: Buffer[]; terminal: Buffer } {
  const points: Buffer[] = [];
  let b: Buffer = c0;
  for (let k = 0; k <= length; k++) {
    if (k % CHECKPOINT_EVERY === 0) points.push(b);
    if (k < length) b = sha(b);
  }
  return { points, terminal: b };
}

export function newChainSecret(length: number): { secret: string; terminalHash: string; checkpoints: Buffer[] } {
  const c0 = randomBytes(32);
  const { points, terminal } = checkpointsOf(c0, length);
  return { secret: c0.toString('hex'), terminalHash: terminal.toString('hex'), checkpoints: points };
}

/**
 * Seeds of a chain by index without re-hashing from c0 every time: the first lookup walks the chain
 * once and keeps every 1024th link; later lookups hash at most 1023 times.
 */
export class ChainSeedCache {
  private checkpoints = new Map<number, Buffer[]>();

  seedAt(chain: Pick<ChainRow, 'id' | 'secret' | 'length'>, index: number): string {
    if (!Number.isInteger(index) || index < 0 || index > chain.length) throw new RangeError(`bad chain index ${index}`);
    let points = this.checkpoints.get(chain.id);
    if (!points) {
      points = checkpointsOf(Buffer.from(chain.secret, 'hex'), chain.length).points;
      this.checkpoints.set(chain.id, points);
    }
    let b = points[Math.floor(index / CHECKPOINT_EVERY)]!;
    for (let k = index % CHECKPOINT_EVERY; k > 0; k--) b = sha(b);
    return b.toString('hex');
  }

  /** Whether the chain's walk is done (a lookup hashes at most 1023 times). */
  has(chainId: number): boolean {
    return this.checkpoints.has(chainId);
  }

  /** Keeps the checkpoints the chain's creation computed anyway (newChainSecret). */
  keep(chainId: number, checkpoints: Buffer[]): void {
    if (!this.checkpoints.has(chainId)) this.checkpoints.set(chainId, checkpoints);
  }

  /**
   * The same walk as a first lookup, in slices with a yield between them, so a node can prepare its
   * seeds after it started serving without holding requests for the whole chain (`pause` yields).
   */
  async warm(chain: Pick<ChainRow, 'id' | 'secret' | 'length'>, pause: () => Promise<void>): Promise<void> {
    const points: Buffer[] = [];
    let b: Buffer = Buffer.from(chain.secret, 'hex');
    for (let k = 0; k <= chain.length; k++) {
      if (k % CHECKPOINT_EVERY === 0) points.push(b);
      if (k < chain.length) b = sha(b);
      if (k % WALK_SLICE === WALK_SLICE - 1) {
        await pause();
        if (this.checkpoints.has(chain.id)) return; // a lookup meanwhile walked it
      }
    }
    this.keep(chain.id, points);
  }
}

function toChain(r: Record<string, unknown>): ChainRow {
  return {
    id: Number(r.id),
    gameId: Number(r.game_id),
    secret: String(r.secret),
    length: Number(r.length),
    terminalHash: String(r.terminal_hash),
    used: Number(r.used),
  };
}

const CHAIN_COLUMNS = sql`id, game_id, secret, length, terminal_hash, used`;

export async function chainById(db: DbOrTx, id: number): Promise<ChainRow | undefined> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`select ${CHAIN_COLUMNS} from hash_chains where id = ${id}`);
  return rows[0] ? toChain(rows[0]) : undefined;
}

async function createChain(tx: DbOrTx, gameId: number, length: number, now: number, seeds?: ChainSeedCache): Promise<ChainRow> {
  const { secret, terminalHash, checkpoints } = newChainSecret(length);
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`
    insert into hash_chains (game_id, secret, length, terminal_hash, used, created_at)
    values (${gameId}, ${secret}, ${length}, ${terminalHash}, 0, ${new Date(now).toISOString()})
    returning ${CHAIN_COLUMNS}`,
  );
  const chain = toChain(rows[0]!);
  // Ids are never reused, so checkpoints of a chain whose transaction rolls back are merely unused.
  seeds?.keep(chain.id, checkpoints);
  return chain;
}

/** Chains of a game that still have links, oldest first. Caller holds the game's ROUND_LOCK. */
async function openChains(tx: DbOrTx, gameId: number): Promise<ChainRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`
    select ${CHAIN_COLUMNS} from hash_chains where game_id = ${gameId} and used < length order by id`,
  );
  return rows.map(toChain);
}

/** Whether a game's open chains (oldest first) need nothing made: one with more than `spare` links left, or a successor already. */
export const chainsSuffice = (chains: ChainRow[], spare: number): boolean =>
  chains.length > 1 || (chains.length === 1 && chains[0]!.length - chains[0]!.used > spare);

/**
 * Every game's open chains in one read, oldest first per game, without the games' locks: a start
 * checks with it whether any game needs a chain made (chainsSuffice) before taking each game's lock.
 * Chains are only ever added or used up, so a game found with enough stays so until its next draw,
 * whose takeNextLink checks again under the lock.
 */
export async function openChainsByGame(db: DbOrTx): Promise<Map<number, ChainRow[]>> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`select ${CHAIN_COLUMNS} from hash_chains where used < length order by id`);
  const byGame = new Map<number, ChainRow[]>();
  for (const chain of rows.map(toChain)) byGame.set(chain.gameId, [...(byGame.get(chain.gameId) ?? []), chain]);
  return byGame;
}

/**
 * Makes sure the game has a chain with links left, and a published successor once fewer than
 * `spare` remain. Caller holds the game's ROUND_LOCK.
 */
export async function ensureChain(tx: DbOrTx, gameId: number, opts: { length: number; spare: number; now: number; seeds?: ChainSeedCache }): Promise<ChainRow> {
  let chains = await openChains(tx, gameId);
  if (chains.length === 0) chains = [await createChain(tx, gameId, opts.length, opts.now, opts.seeds)];
  const current = chains[0]!;
  if (!chainsSuffice(chains, opts.spare)) {
    await createChain(tx, gameId, opts.length, opts.now, opts.seeds);
  }
  return current;
}

/**
 * Takes the next link of the game's current chain for a new round: returns the chain, the index k
 * of the round's seed c(k) and the commitment c(k+1). Caller holds the game's ROUND_LOCK.
 */
export async function takeNextLink(
  tx: DbOrTx,
  gameId: number,
  seeds: ChainSeedCache,
  opts: { length: number; spare: number; now: number },
): Promise<{ chain: ChainRow; index: number; hash: string }> {
  const chain = await ensureChain(tx, gameId, { ...opts, seeds });
  const updated = await queryRows<{ used: number }>(
    tx,
    sql`
    update hash_chains set used = used + 1 where id = ${chain.id} and used < length returning used`,
  );
  const used = Number(updated[0]!.used);
  const index = chain.length - used;
  const hash = index + 1 === chain.length ? chain.terminalHash : seeds.seedAt(chain, index + 1);
  return { chain: { ...chain, used }, index, hash };
}

/** A game's hash chains, oldest first, as fair/chain publishes them (never the secret). */
export async function listChains(db: DbOrTx, gameId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, length, terminal_hash, used, created_at from hash_chains where game_id = ${gameId} order by id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    terminal_hash: String(r.terminal_hash),
    length: Number(r.length),
    used: Number(r.used),
    created_at: Math.floor(new Date(r.created_at instanceof Date ? r.created_at : String(r.created_at)).getTime() / 1000),
  }));
}
