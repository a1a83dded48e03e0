/**
 * Hash chains per game (DESIGN §5). A chain is c0 … cN with c(k+1) = SHA-256(c(k)); its terminal
 * hash cN is stored (published) when the chain is created, before any round uses it. Rounds take
 * links from the top: the first round's seed is c(N−1), the next c(N−2), … A successor chain is
 * created (and so published) while the current one still has `spare` links left.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export const DEFAULT_CHAIN_LENGTH = 100_000;
const CHECKPOINT_EVERY = 1024;

const sha = (b: Buffer) => createHash('sha256').update(b).digest();

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
  let b = Buffer.from(c0Hex, 'hex');
  for (let i = 0; i < steps; i++) b = sha(b);
  return b.toString('hex');
}

export function newChainSecret(length: number): { secret: string; terminalHash: string } {
  const secret = randomBytes(32).toString('hex');
  return { secret, terminalHash: walkFrom(secret, length) };
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
      points = [];
      let b = Buffer.from(chain.secret, 'hex');
      for (let k = 0; k <= chain.length; k++) {
        if (k % CHECKPOINT_EVERY === 0) points.push(b);
        if (k < chain.length) b = sha(b);
      }
      this.checkpoints.set(chain.id, points);
    }
    let b = points[Math.floor(index / CHECKPOINT_EVERY)]!;
    for (let k = index % CHECKPOINT_EVERY; k > 0; k--) b = sha(b);
    return b.toString('hex');
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

async function createChain(tx: DbOrTx, gameId: number, length: number, now: number): Promise<ChainRow> {
  const { secret, terminalHash } = newChainSecret(length);
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`
    insert into hash_chains (game_id, secret, length, terminal_hash, used, created_at)
    values (${gameId}, ${secret}, ${length}, ${terminalHash}, 0, ${new Date(now).toISOString()})
    returning ${CHAIN_COLUMNS}`,
  );
  return toChain(rows[0]!);
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

/**
 * Makes sure the game has a chain with links left, and a published successor once fewer than
 * `spare` remain. Caller holds the game's ROUND_LOCK.
 */
export async function ensureChain(tx: DbOrTx, gameId: number, opts: { length: number; spare: number; now: number }): Promise<ChainRow> {
  let chains = await openChains(tx, gameId);
  if (chains.length === 0) chains = [await createChain(tx, gameId, opts.length, opts.now)];
  const current = chains[0]!;
  if (chains.length === 1 && current.length - current.used <= opts.spare) {
    await createChain(tx, gameId, opts.length, opts.now);
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
  const chain = await ensureChain(tx, gameId, opts);
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
