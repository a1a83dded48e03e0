/** Round rows: creation (taking the next hash-chain link) and reads. */
import { sql } from 'drizzle-orm';
import type { Digits } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { takeNextLink, type ChainSeedCache } from './chains.js';
import { ROUND_LOCK } from './locks.js';
import type { RoundTiming } from './roundClock.js';

export interface RoundRow {
  id: number;
  gameId: number;
  issue: string;
  chainId: number;
  chainIndex: number;
  /** Commitment: SHA-256 of the seed. */
  hash: string;
  opensAt: number;
  closesAt: number;
  drawsAt: number;
  seed: string | null;
  numbers: number[] | null;
  digits: Digits | null;
  total: number | null;
  drawnAt: number | null;
}

export const ROUND_COLUMNS = sql.raw(
  'id, game_id, issue, chain_id, chain_index, hash, opens_at, closes_at, draws_at, seed, numbers, digit1, digit2, digit3, total, drawn_at',
);

const ms = (v: unknown): number => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

export function toRound(r: Record<string, unknown>): RoundRow {
  const drawn = r.drawn_at !== null && r.drawn_at !== undefined;
  return {
    id: Number(r.id),
    gameId: Number(r.game_id),
    issue: String(r.issue),
    chainId: Number(r.chain_id),
    chainIndex: Number(r.chain_index),
    hash: String(r.hash),
    opensAt: ms(r.opens_at),
    closesAt: ms(r.closes_at),
    drawsAt: ms(r.draws_at),
    seed: drawn ? String(r.seed) : null,
    numbers: drawn ? String(r.numbers).split(',').map(Number) : null,
    digits: drawn ? [Number(r.digit1), Number(r.digit2), Number(r.digit3)] : null,
    total: drawn ? Number(r.total) : null,
    drawnAt: drawn ? ms(r.drawn_at) : null,
  };
}

export async function findRound(db: DbOrTx, gameId: number, issue: string): Promise<RoundRow | undefined> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`select ${ROUND_COLUMNS} from rounds where game_id = ${gameId} and issue = ${issue}`);
  return rows[0] ? toRound(rows[0]) : undefined;
}

export interface ChainOptions {
  length: number;
  spare: number;
}

/**
 * The round of `timing` for the game, created if missing. Creation takes the game's ROUND_LOCK for
 * the rest of the caller's transaction, so concurrent creators (scheduler, bets, other nodes) agree
 * on one row and chain links are taken in order, each exactly once.
 */
export async function ensureRound(
  tx: DbOrTx,
  gameId: number,
  timing: RoundTiming,
  seeds: ChainSeedCache,
  chain: ChainOptions & { now: number },
): Promise<{ round: RoundRow; created: boolean }> {
  const existing = await findRound(tx, gameId, timing.issue);
  if (existing) return { round: existing, created: false };
  await tx.execute(sql`select pg_advisory_xact_lock(${ROUND_LOCK}, ${gameId})`);
  const again = await findRound(tx, gameId, timing.issue);
  if (again) return { round: again, created: false };
  const link = await takeNextLink(tx, gameId, seeds, chain);
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`
    insert into rounds (game_id, issue, chain_id, chain_index, hash, opens_at, closes_at, draws_at)
    values (${gameId}, ${timing.issue}, ${link.chain.id}, ${link.index}, ${link.hash},
            ${new Date(timing.opensAt).toISOString()}, ${new Date(timing.closesAt).toISOString()},
            ${new Date(timing.drawsAt).toISOString()})
    returning ${ROUND_COLUMNS}`,
  );
  return { round: toRound(rows[0]!), created: true };
}

/** The commitment of the round that took link `index` of a chain, or null when no round took it yet. */
export async function commitmentAt(db: DbOrTx, chainId: number, index: number): Promise<string | null> {
  const rows = await queryRows<{ hash: string }>(
    db,
    sql`
    select hash from rounds where chain_id = ${chainId} and chain_index = ${index}`,
  );
  return rows[0]?.hash ?? null;
}
