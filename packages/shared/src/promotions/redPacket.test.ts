import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../game/hashChain.js';
import { formatMoney } from '../money.js';
import { caseOptions } from '../testing/depth.js';
import vectors from './fixtures/redPacketVectors.json';
import {
  canSplit,
  checkRedPacket,
  RED_PACKET_MAX_SHARES,
  redPacketClaimsHash,
  redPacketClaimsText,
  splitRedPacket,
  type RedPacketClaimRow,
} from './redPacket.js';

const packets = vectors.packets.map((p) => [p.name, p] as const);
const ofVector = (p: (typeof vectors.packets)[number]) => ({ packetId: p.packetId, totalCents: p.totalCents, shares: p.shares, seedHash: p.seedHash });

describe('the red packet split and claim sequence (docs/red-packets.md#the-split)', () => {
  it.each(packets)('matches the fixed vector "%s": seed hash, shares, text and SHA-256', (_, p) => {
    expect(commitmentOf(p.seed)).toBe(p.seedHash);
    expect(splitRedPacket(p.seed, p.totalCents, p.shares)).toEqual(p.sharesCents);
    expect(redPacketClaimsText(ofVector(p), p.claims)).toBe(p.text);
    expect(redPacketClaimsHash(ofVector(p), p.claims)).toBe(p.claimsSha256);
    expect(checkRedPacket(ofVector(p), p.seed, p.claims, p.claimsSha256)).toEqual([]);
  });

  const ten = vectors.packets.find((p) => p.shares === 10)!;
  const of = ofVector(ten);

  it('names a wrong seed, an edited share, a swapped pair, a gap and an edited name', () => {
    const other = commitmentOf(ten.seed);
    expect(checkRedPacket(of, other, ten.claims)).toEqual([{ kind: 'seed_mismatch' }]);
    const edited = ten.claims.map((c, i) => (i === 3 ? { ...c, share: '0.01' } : c));
    expect(checkRedPacket(of, ten.seed, edited)).toEqual([{ kind: 'share_mismatch', claimNo: 4, expected: ten.claims[3]!.share, published: '0.01' }]);
    const swapped = [ten.claims[1]!, ten.claims[0]!, ...ten.claims.slice(2)];
    expect(checkRedPacket(of, ten.seed, swapped).map((p) => p.kind)).toEqual(['claim_out_of_order', 'claim_out_of_order']);
    const gap = ten.claims.filter((c) => c.claim_no !== 2);
    expect(checkRedPacket(of, ten.seed, gap).length).toBeGreaterThan(0);
    const renamed = ten.claims.map((c, i) => (i === 0 ? { ...c, nickname: 'z***z' } : c));
    expect(checkRedPacket(of, ten.seed, renamed, ten.claimsSha256)).toEqual([{ kind: 'claims_hash_mismatch' }]);
  });

  it('refuses more claims than shares', () => {
    const extra: RedPacketClaimRow = { claim_no: 11, nickname: 'a*', share: '0.01' };
    expect(checkRedPacket(of, ten.seed, [...ten.claims, extra])).toEqual([{ kind: 'claim_out_of_order', position: 10, claimNo: 11 }]);
  });

  it('refuses a seed that is not 32 bytes of hex and a total below 0.01 u a share', () => {
    expect(() => splitRedPacket('ABC', 100, 2)).toThrow(RangeError);
    expect(() => splitRedPacket(ten.seed, 4, 5)).toThrow(RangeError);
    expect(() => splitRedPacket(ten.seed, 100, 0)).toThrow(RangeError);
    expect(canSplit(500, RED_PACKET_MAX_SHARES + 1)).toBe(false);
    expect(canSplit(1.5, 1)).toBe(false);
  });

  const seed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
  const packet = fc
    .integer({ min: 1, max: RED_PACKET_MAX_SHARES })
    .chain((shares) => fc.tuple(fc.constant(shares), fc.integer({ min: shares, max: 100_000_000 })));

  it('every split sums to its total exactly, gives each share at least 0.01 u and at most twice what was left on average, and is the same for the same seed', () => {
    fc.assert(
      fc.property(seed, packet, (s, [shares, total]) => {
        const split = splitRedPacket(s, total, shares);
        expect(split).toHaveLength(shares);
        expect(split.reduce((a, b) => a + b, 0)).toBe(total);
        let rest = total;
        split.forEach((share, i) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(1);
          if (i < shares - 1) expect(share).toBeLessThanOrEqual(Math.floor((2 * rest) / (shares - i)));
          rest -= share;
        });
        expect(splitRedPacket(s, total, shares)).toEqual(split);
        const claims = split.map((c, i) => ({ claim_no: i + 1, nickname: 'a*', share: formatMoney(c) }));
        expect(checkRedPacket({ packetId: 1, totalCents: total, shares, seedHash: commitmentOf(s) }, s, claims)).toEqual([]);
      }),
      caseOptions({ deep: 400, quick: 60 }),
    );
    // 400 splits of up to 500 shares, each checked twice, at TEST_DEPTH=deep: beyond vitest's 5 s default on a busy machine.
  }, 120_000);
});
