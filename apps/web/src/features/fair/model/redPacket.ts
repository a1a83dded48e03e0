/**
 * Browser-side check of a red packet (docs/red-packets.md#checking-a-packet): once the packet is empty
 * or expired its seed is revealed, and packages/shared's own split and check — the code the server split
 * the packet with — recompute every share and test the claim sequence against it and its published hash.
 */
import { commitmentOf, isHex32 } from '@lucky28/shared/game';
import { formatMoney, parseMoney } from '@lucky28/shared/money';
import {
  canSplit,
  checkRedPacket,
  redPacketClaimsHash,
  splitRedPacket,
  type RedPacketClaimRow,
  type RedPacketOf,
  type RedPacketProblem,
} from '@lucky28/shared/promotions';

/** What `fair.redPacket` publishes about a packet (the fields the check reads). */
export interface PublishedPacket {
  id: number;
  total: string;
  shares: number;
  status: 'scheduled' | 'open' | 'empty' | 'expired';
  seed_hash: string;
  seed: string | null;
  claims_hash: string | null;
  claims: RedPacketClaimRow[];
}

/** A problem of the shared check, or a closed packet published without its claims hash. */
export type PacketProblem = RedPacketProblem | { kind: 'claims_hash_missing' };

/** One place of the split: its share recomputed from the seed and the claim published for it, if any. */
export interface ShareRow {
  claimNo: number;
  /** The split's share ("3.20"); null when the split cannot be recomputed or the claim is past the last share. */
  share: string | null;
  claim: RedPacketClaimRow | null;
  /** The published claim has this place's number and the split's share. */
  ok: boolean | null;
}

export type PacketCheck =
  | { state: 'sealed' }
  | {
      state: 'checked';
      problems: PacketProblem[];
      seedOk: boolean;
      /** SHA-256 of the revealed seed, recomputed here (null: not a 32-byte hex seed). */
      computedSeedHash: string | null;
      /** Claims numbered 1, 2, 3… and each paid its place's share. */
      sequenceOk: boolean;
      /** The sequence hashes to the published claims hash (null: none published). */
      hashOk: boolean | null;
      /** SHA-256 of the published sequence, recomputed here (null: a total the canonical form cannot write). */
      computedHash: string | null;
      rows: ShareRow[];
    };

/** The packet's own fields as the claim sequence's canonical form writes them. */
export function packetOf(p: PublishedPacket): RedPacketOf {
  return { packetId: p.id, totalCents: parseMoney(p.total) ?? Number.NaN, shares: p.shares, seedHash: p.seed_hash };
}

function recomputedShares(of: RedPacketOf, seed: string): string[] | null {
  if (!canSplit(of.totalCents, of.shares)) return null;
  try {
    return splitRedPacket(seed, of.totalCents, of.shares).map(formatMoney);
  } catch {
    return null;
  }
}

/** The rows to show: every share of the split, and any published claim beyond it. */
function shareRows(shares: readonly string[] | null, claims: readonly RedPacketClaimRow[], count: number): ShareRow[] {
  const length = Math.max(shares?.length ?? count, claims.length);
  return Array.from({ length }, (_, i) => {
    const share = shares?.[i] ?? null;
    const claim = claims[i] ?? null;
    const ok = claim === null ? null : share !== null && claim.claim_no === i + 1 && claim.share === share;
    return { claimNo: i + 1, share, claim, ok };
  });
}

export function checkPacket(p: PublishedPacket): PacketCheck {
  if (p.seed === null) return { state: 'sealed' };
  const of = packetOf(p);
  const problems: PacketProblem[] = checkRedPacket(of, p.seed, p.claims, p.claims_hash ?? undefined);
  if (p.claims_hash === null) problems.push({ kind: 'claims_hash_missing' });
  const seedOk = !problems.some((x) => x.kind === 'seed_mismatch');
  // Shares from a seed that is not the committed one prove nothing: none are shown then.
  const shares = seedOk ? recomputedShares(of, p.seed) : null;
  const computedHash = Number.isSafeInteger(of.totalCents) ? redPacketClaimsHash(of, p.claims) : null;
  return {
    state: 'checked',
    problems,
    seedOk,
    computedSeedHash: isHex32(p.seed) ? commitmentOf(p.seed) : null,
    sequenceOk: shares !== null && !problems.some((x) => x.kind === 'claim_out_of_order' || x.kind === 'share_mismatch' || x.kind === 'bad_total'),
    hashOk: p.claims_hash === null ? null : computedHash === p.claims_hash,
    computedHash,
    rows: shareRows(shares, p.claims, p.shares),
  };
}
