import { describe, expect, it } from 'vitest';
import golden from './fixtures/goldenVectors.json';
import { commitmentOf, nextInChain, seedAt, seedMatchesCommitment, walkChain } from './hashChain.js';
import { hex32ToBytes, isHex32 } from './hex.js';

describe('hash chain', () => {
  it('reproduces every link of the golden chain: c(k+1) = SHA-256(c(k)) over raw bytes', () => {
    const { c0, links, length, terminalHash } = golden.chain;
    expect(links[0]).toBe(c0);
    for (let k = 0; k < length; k++) expect(nextInChain(links[k]!)).toBe(links[k + 1]);
    expect(walkChain(c0, length)).toBe(terminalHash);
    expect(seedAt(c0, 3)).toBe(links[3]);
  });

  it('hashes the raw bytes, not the hex text (SHA-256 of 32 zero bytes is the known value)', () => {
    expect(nextInChain('00'.repeat(32))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
  });

  it("each golden round commits to its seed, and each seed is the previous round's commitment", () => {
    const chained = golden.rounds.filter((r) => r.chainIndex !== null);
    expect(chained[0]!.hash).toBe(golden.chain.terminalHash);
    for (const [i, r] of chained.entries()) {
      expect(commitmentOf(r.seed)).toBe(r.hash);
      expect(seedMatchesCommitment(r.seed, r.hash)).toBe(true);
      if (i > 0) expect(r.hash).toBe(chained[i - 1]!.seed);
    }
  });

  it('rejects anything that is not 64 lowercase hex characters', () => {
    expect(isHex32('ab'.repeat(32))).toBe(true);
    expect(isHex32('AB'.repeat(32))).toBe(false);
    expect(isHex32('ab'.repeat(31))).toBe(false);
    expect(isHex32(`${'ab'.repeat(31)}zz`)).toBe(false);
    expect(() => hex32ToBytes('abc')).toThrow(RangeError);
    expect(() => walkChain('00'.repeat(32), -1)).toThrow(RangeError);
    expect(seedMatchesCommitment('not hex', golden.chain.terminalHash)).toBe(false);
    expect(seedMatchesCommitment(golden.chain.c0, golden.chain.c0)).toBe(false);
  });
});
