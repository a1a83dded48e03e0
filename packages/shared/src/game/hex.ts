import { bytesToHex } from '@noble/hashes/utils.js';

/** A seed or hash as shown to users: 64 lowercase hex characters (32 raw bytes). */
export type Hex32 = string;

const HEX32_RE = /^[0-9a-f]{64}$/;

export function isHex32(value: unknown): value is Hex32 {
  return typeof value === 'string' && HEX32_RE.test(value);
}

/** Strict: exactly 64 lowercase hex characters, else a RangeError. */
export function hex32ToBytes(hex: string): Uint8Array {
  if (!isHex32(hex)) throw new RangeError('expected 64 lowercase hex characters');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex32(bytes: Uint8Array): Hex32 {
  if (bytes.length !== 32) throw new RangeError('expected 32 bytes');
  return bytesToHex(bytes);
}
