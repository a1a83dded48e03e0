/**
 * A red packet's split and its claim sequence (docs/red-packets.md#the-split): the shares are fixed when
 * the packet is made, from a random 32-byte seed whose SHA-256 is published with the packet; the seed is
 * revealed once the packet is empty or expired, and anyone can then recompute every share and check the
 * claim sequence against it.
 *
 * The split, in integer cents, for a total T and n shares (T ≥ n): with R the cents not yet given and
 * m = n − i the shares left, share i (0-based, i < n − 1) is
 *
 *   1 + (u_i mod hi),  hi = min(floor(2R / m), R − (m − 1))
 *   u_i = HMAC-SHA256(key = the seed's 32 bytes, message = "lucky28-red-packet/1" TAB T TAB n TAB i)
 *         read as a 256-bit big-endian integer
 *
 * and the last share takes the remainder R. So every share is at least 0.01 u, none is more than twice
 * the average of what is left, the sum is exactly T, and the same seed always gives the same shares.
 * (The bias of a 256-bit number taken modulo hi < 2^53 is below 2^-200.)
 *
 * The claim sequence's canonical form, which the server hashes when the packet closes and a browser recomputes:
 *
 *   lucky28-red-packet-claims/1 TAB <packet id> TAB <total> TAB <shares> TAB <seed hash> LF
 *   <claim number> TAB <masked nickname> TAB <share> LF            (one line per claim, by claim number)
 *
 * amounts as the API writes money ("3.20"), names masked as the feeds mask them; a tab, CR or LF inside a
 * field is written as U+FFFD. Claim k receives share k (1-based). Fixed test vectors: fixtures/redPacketVectors.json.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { hex32ToBytes, isHex32 } from '../game/hex.js';
import { seedMatchesCommitment } from '../game/hashChain.js';
import { formatMoney, type Cents } from '../money.js';

export const RED_PACKET_SPLIT_FORMAT = 'lucky28-red-packet/1';
export const RED_PACKET_CLAIMS_FORMAT = 'lucky28-red-packet-claims/1';
/** The most shares one packet may have (the split and its check stay instant in a browser). */
export const RED_PACKET_MAX_SHARES = 500;

/** Whether a packet of `totalCents` can be split into `shares` shares of at least 0.01 u each. */
export function canSplit(totalCents: Cents, shares: number): boolean {
  return Number.isSafeInteger(totalCents) && Number.isInteger(shares) && shares >= 1 && shares <= RED_PACKET_MAX_SHARES && totalCents >= shares;
}

function drawNumber(key: Uint8Array, totalCents: Cents, shares: number, index: number): bigint {
  const message = utf8ToBytes([RED_PACKET_SPLIT_FORMAT, totalCents, shares, index].join('\t'));
  return BigInt(`0x${bytesToHex(hmac(sha256, key, message))}`);
}

/** The shares, in cents, claim 1 first. Throws a RangeError for a bad seed or a total that cannot be split. */
export function splitRedPacket(seed: string, totalCents: Cents, shares: number): Cents[] {
  if (!isHex32(seed)) throw new RangeError('the seed must be 64 lowercase hex characters');
  if (!canSplit(totalCents, shares)) throw new RangeError('the total must be at least 0.01 u per share');
  const key = hex32ToBytes(seed);
  const out: Cents[] = [];
  let rest = totalCents;
  for (let i = 0; i < shares - 1; i++) {
    const left = shares - i;
    const hi = Math.min(Math.floor((2 * rest) / left), rest - (left - 1));
    const share = 1 + Number(drawNumber(key, totalCents, shares, i) % BigInt(hi));
    out.push(share);
    rest -= share;
  }
  out.push(rest);
  return out;
}

/** What the packet publishes about itself before and after it closes. */
export interface RedPacketOf {
  packetId: number;
  /** Cents. */
  totalCents: Cents;
  shares: number;
  /** SHA-256 of the seed, published with the packet. */
  seedHash: string;
}

/** One claim as the sequence shows it (and as `fair.redPacket` answers it). */
export interface RedPacketClaimRow {
  claim_no: number;
  /** Masked (maskNickname). */
  nickname: string;
  /** "3.20" */
  share: string;
}

const FIELD_BREAKS = /[\t\r\n]/g;
const line = (fields: (string | number)[]) => `${fields.map((f) => String(f).replace(FIELD_BREAKS, '\uFFFD')).join('\t')}\n`;

/** The canonical text of a packet's claim sequence. */
export function redPacketClaimsText(of: RedPacketOf, claims: readonly RedPacketClaimRow[]): string {
  return (
    line([RED_PACKET_CLAIMS_FORMAT, of.packetId, formatMoney(of.totalCents), of.shares, of.seedHash]) +
    claims.map((c) => line([c.claim_no, c.nickname, c.share])).join('')
  );
}

/** SHA-256 of the claim sequence's canonical text, 64 lowercase hex characters. */
export const redPacketClaimsHash = (of: RedPacketOf, claims: readonly RedPacketClaimRow[]): string =>
  bytesToHex(sha256(utf8ToBytes(redPacketClaimsText(of, claims))));

/** Why a packet fails its check; an empty list when it holds. */
export type RedPacketProblem =
  | { kind: 'seed_mismatch' }
  | { kind: 'bad_total' }
  | { kind: 'claim_out_of_order'; position: number; claimNo: number }
  | { kind: 'share_mismatch'; claimNo: number; expected: string; published: string }
  | { kind: 'claims_hash_mismatch' };

/**
 * Checks a revealed packet: the seed is the pre-image of the published hash, the claims are numbered
 * 1, 2, 3… without gap or repeat and no more than the shares, each claim's share is the split's share of
 * its number, and (when given) the sequence hashes to the published claims hash.
 */
export function checkRedPacket(of: RedPacketOf, seed: string, claims: readonly RedPacketClaimRow[], publishedClaimsHash?: string): RedPacketProblem[] {
  if (!seedMatchesCommitment(seed, of.seedHash)) return [{ kind: 'seed_mismatch' }];
  if (!canSplit(of.totalCents, of.shares)) return [{ kind: 'bad_total' }];
  const shares = splitRedPacket(seed, of.totalCents, of.shares);
  const problems: RedPacketProblem[] = [];
  claims.forEach((claim, position) => {
    if (claim.claim_no !== position + 1 || position >= shares.length) {
      problems.push({ kind: 'claim_out_of_order', position, claimNo: claim.claim_no });
      return;
    }
    const expected = formatMoney(shares[position]!);
    if (claim.share !== expected) problems.push({ kind: 'share_mismatch', claimNo: claim.claim_no, expected, published: claim.share });
  });
  if (publishedClaimsHash !== undefined && redPacketClaimsHash(of, claims) !== publishedClaimsHash) problems.push({ kind: 'claims_hash_mismatch' });
  return problems;
}
