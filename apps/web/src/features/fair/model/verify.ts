/**
 * Browser-side verification of one round (docs/design.md#games-rounds-and-provably-fair-draws): the revealed seed must hash to the round's
 * published commitment, and packages/shared's draw — the very code the server draws with — must
 * give the same 20 numbers, digits and total from that seed.
 */
import { deriveDraw, isHex32, seedMatchesCommitment, walkChain, type DrawResult } from '@lucky28/shared/game';

export interface PublishedRound {
  gameId: number;
  issue: string;
  /** Commitment published before the round opened. */
  hash: string;
  /** Revealed after the draw; null before. */
  seed: string | null;
  numbers: readonly number[] | null;
  digits: readonly number[] | null;
  total: number | null;
}

export type Verification =
  | { state: 'pending' }
  | { state: 'invalid-seed' }
  | {
      state: 'checked';
      /** SHA-256(seed) equals the published commitment. */
      commitmentOk: boolean;
      recomputed: DrawResult;
      numbersOk: boolean;
      digitsOk: boolean;
      totalOk: boolean;
      /** Everything matches. */
      ok: boolean;
    };

const sameList = (a: readonly number[] | null, b: readonly number[]) => a !== null && a.length === b.length && a.every((v, i) => v === b[i]);

export function verifyRound(r: PublishedRound): Verification {
  if (r.seed === null) return { state: 'pending' };
  if (!isHex32(r.seed)) return { state: 'invalid-seed' };
  const recomputed = deriveDraw(r.seed, r.gameId, r.issue);
  const commitmentOk = seedMatchesCommitment(r.seed, r.hash);
  const numbersOk = sameList(r.numbers, recomputed.numbers);
  const digitsOk = sameList(r.digits, recomputed.digits);
  const totalOk = r.total === recomputed.total;
  return { state: 'checked', commitmentOk, recomputed, numbersOk, digitsOk, totalOk, ok: commitmentOk && numbersOk && digitsOk && totalOk };
}

/** The previous round's commitment must be SHA-256 of this round's commitment (the chain link). */
export function linksToPrevious(hash: string, prevHash: string | null): boolean | null {
  if (prevHash === null) return null;
  return isHex32(hash) && seedMatchesCommitment(hash, prevHash);
}

/**
 * Walks the chain from a revealed seed (link `index`) up to the published final hash (link
 * `length`), in slices so the page stays responsive. Resolves true when it arrives at `terminal`.
 */
export async function walksToTerminal(
  seed: string,
  steps: number,
  terminal: string,
  opts: { slice?: number; onProgress?: (done: number) => void; signal?: AbortSignal } = {},
): Promise<boolean> {
  if (!isHex32(seed) || !isHex32(terminal) || !Number.isInteger(steps) || steps < 0) return false;
  const slice = opts.slice ?? 2000;
  let current = seed;
  let done = 0;
  while (done < steps) {
    if (opts.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const n = Math.min(slice, steps - done);
    current = walkChain(current, n);
    done += n;
    opts.onProgress?.(done);
    if (done < steps) await new Promise((r) => setTimeout(r, 0));
  }
  return current === terminal;
}
