import { describe, expect, it } from 'vitest';
// The golden vectors of packages/shared (docs/design.md#from-seed-to-numbers): generated independently with node:crypto.
import golden from '@lucky28/shared/game/golden-vectors.json';
import { linksToPrevious, verifyRound, walksToTerminal, type PublishedRound } from './verify';

const vectors = golden.rounds.map((r): PublishedRound => ({
  gameId: r.gameId,
  issue: r.issue,
  hash: r.hash,
  seed: r.seed,
  numbers: r.numbers,
  digits: r.digits,
  total: r.total,
}));

describe('verifyRound', () => {
  it('confirms every golden round', () => {
    expect(vectors.length).toBeGreaterThan(0);
    for (const v of vectors) {
      const result = verifyRound(v);
      expect(result).toMatchObject({ state: 'checked', ok: true, commitmentOk: true });
    }
  });
  it('flags numbers that do not follow from the seed', () => {
    const v = vectors[0]!;
    const tampered = { ...v, numbers: [...v.numbers!.slice(0, 19), 80 === v.numbers![19] ? 79 : 80] };
    expect(verifyRound(tampered)).toMatchObject({ state: 'checked', numbersOk: false, digitsOk: true, ok: false });
  });
  it('flags a total or digits that were edited', () => {
    const v = vectors[0]!;
    expect(verifyRound({ ...v, total: (v.total! + 1) % 28 })).toMatchObject({ totalOk: false, ok: false });
    expect(verifyRound({ ...v, digits: [9, 9, 9] })).toMatchObject({ digitsOk: false, ok: false });
  });
  it('flags a seed that does not hash to the published commitment', () => {
    const [a, b] = vectors;
    expect(verifyRound({ ...a!, hash: b!.hash })).toMatchObject({ commitmentOk: false, ok: false });
  });
  it('is pending before the seed is revealed and rejects a malformed seed', () => {
    expect(verifyRound({ ...vectors[0]!, seed: null })).toEqual({ state: 'pending' });
    expect(verifyRound({ ...vectors[0]!, seed: 'XYZ' })).toEqual({ state: 'invalid-seed' });
  });
});

describe('chain checks', () => {
  const chain = golden.chain;
  it('links each golden round to the previous commitment', () => {
    const [a, b] = golden.rounds;
    // b took the link after a: SHA-256(b.hash) = a.hash.
    expect(linksToPrevious(b!.hash, a!.hash)).toBe(true);
    expect(linksToPrevious(a!.hash, b!.hash)).toBe(false);
    expect(linksToPrevious(a!.hash, null)).toBeNull();
  });
  it('walks a revealed seed up to the published final hash', async () => {
    const linked = golden.rounds.filter((r) => typeof r.chainIndex === 'number');
    expect(linked.length).toBeGreaterThan(1);
    for (const r of linked) {
      const progress: number[] = [];
      const ok = await walksToTerminal(r.seed, chain.length - r.chainIndex!, chain.terminalHash, { slice: 1, onProgress: (d) => progress.push(d) });
      expect(ok).toBe(true);
      expect(progress[progress.length - 1]).toBe(chain.length - r.chainIndex!);
    }
    expect(await walksToTerminal(golden.rounds[0]!.seed, 2, chain.terminalHash)).toBe(false);
  });
});
