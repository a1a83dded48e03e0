/**
 * The provably-fair hash chain (docs/design.md#the-hash-chain): c(k+1) = SHA-256(c(k)) over the 32 raw bytes.
 * The chain c0 … cN is created from a random c0; cN is published first; rounds use c(N−1),
 * c(N−2), … so each round's commitment SHA-256(seed) is the previous round's seed.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex32, hex32ToBytes, type Hex32 } from './hex.js';

/** c(k+1) from c(k). */
export function nextInChain(seed: Hex32): Hex32 {
  return bytesToHex32(sha256(hex32ToBytes(seed)));
}

/** c(k+steps) from c(k). */
export function walkChain(seed: Hex32, steps: number): Hex32 {
  if (!Number.isInteger(steps) || steps < 0) throw new RangeError('steps must be a non-negative integer');
  let bytes = hex32ToBytes(seed);
  for (let i = 0; i < steps; i++) bytes = sha256(bytes);
  return bytesToHex32(bytes);
}

/** The commitment published for a seed before its round opens: SHA-256(seed). */
export const commitmentOf = nextInChain;

/** True when `seed` is the pre-image of `commitment` (what a verifier checks after the draw). */
export function seedMatchesCommitment(seed: string, commitment: string): boolean {
  try {
    return nextInChain(seed) === commitment;
  } catch {
    return false;
  }
}

/**
 * The seed of the round that takes link `index` of a chain (index N−1 for the first round).
 * Hashing from c0 costs `index` SHA-256 calls; callers that need many seeds keep checkpoints.
 */
export function seedAt(secret: Hex32, index: number): Hex32 {
  return walkChain(secret, index);
}
