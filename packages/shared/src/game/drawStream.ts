/**
 * The draw's byte stream (docs/design.md#from-seed-to-numbers): HMAC-SHA256 keyed by the seed's 32 raw bytes over the ASCII
 * text `<gameId>:<issue>:<counter>`, for counter 0, 1, 2, … concatenated as needed.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex32ToBytes, type Hex32 } from './hex.js';

function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) throw new RangeError('non-ASCII character in HMAC message');
    out[i] = code;
  }
  return out;
}

/** The HMAC message for one block; both numbers in decimal. */
export function streamMessage(gameId: number, issue: string, counter: number): string {
  if (!Number.isSafeInteger(gameId) || gameId < 0) throw new RangeError('gameId must be a non-negative integer');
  if (!/^\d+$/.test(issue)) throw new RangeError('issue must be decimal digits');
  return `${gameId}:${issue}:${counter}`;
}

export class DrawByteStream {
  private readonly key: Uint8Array;
  private block = new Uint8Array(0);
  private offset = 0;
  private counter = 0;

  constructor(
    seed: Hex32,
    private readonly gameId: number,
    private readonly issue: string,
  ) {
    this.key = hex32ToBytes(seed);
    streamMessage(gameId, issue, 0); // validates the inputs up front
  }

  private refill(): void {
    this.block = hmac(sha256, this.key, ascii(streamMessage(this.gameId, this.issue, this.counter)));
    this.counter += 1;
    this.offset = 0;
  }

  nextByte(): number {
    if (this.offset >= this.block.length) this.refill();
    return this.block[this.offset++] as number;
  }

  /** The next 4 bytes as a big-endian unsigned 32-bit integer (may span two HMAC blocks). */
  nextU32(): number {
    let v = 0;
    for (let i = 0; i < 4; i++) v = v * 256 + this.nextByte();
    return v;
  }

  /** How many HMAC blocks have been generated so far (for tests and the verification page). */
  get blocksUsed(): number {
    return this.counter;
  }
}
