import { describe, expect, it } from 'vitest';
import { BET_CLASS_IDS } from './betClasses.js';
import { DEFAULT_ODDS } from './odds.js';
import { allDigitTriples, isHouseFavourable, returnToPlayer } from './returnToPlayer.js';
import { appliedOdds } from './settlement.js';

const rtp = (id: number) => returnToPlayer(id, DEFAULT_ODDS.get(id)!);

describe('return to player over all 1,000 digit triples', () => {
  it('enumerates 1,000 distinct triples', () => {
    const all = allDigitTriples();
    expect(all).toHaveLength(1000);
    expect(new Set(all.map((d) => d.join(''))).size).toBe(1000);
  });

  it('every default is below 100%', () => {
    for (const id of BET_CLASS_IDS) {
      expect(rtp(id), `class ${id}`).toBeLessThan(1);
      expect(isHouseFavourable(id, DEFAULT_ODDS.get(id)!)).toBe(true);
    }
  });

  it('equals the figures of docs/design.md#return-to-player', () => {
    for (const id of [1, 2, 3, 4]) expect(rtp(id)).toBeCloseTo(0.97, 10);
    expect(rtp(11)).toBeCloseTo(0.9702, 10);
    expect(rtp(14)).toBeCloseTo(0.9702, 10);
    expect(rtp(12)).toBeCloseTo(0.9674, 10);
    expect(rtp(13)).toBeCloseTo(0.9674, 10);
    expect(rtp(21)).toBeCloseTo(0.84, 10);
    expect(rtp(22)).toBeCloseTo(0.84, 10);
    expect(rtp(31)).toBeCloseTo(0.9, 10);
    expect(rtp(32)).toBeCloseTo(0.9, 10);
    expect(rtp(33)).toBeCloseTo(0.945, 10);
    const sums = Array.from({ length: 28 }, (_, n) => rtp(100 + n));
    expect(Math.min(...sums)).toBeCloseTo(0.508, 10);
    expect(Math.max(...sums)).toBeCloseTo(0.966, 10);
    expect(sums[0]).toBeCloseTo(0.508, 10);
    expect(sums[11]).toBeCloseTo(0.966, 10);
    expect(sums[16]).toBeCloseTo(0.966, 10);
  });

  it('flags odds that would give the player an edge', () => {
    expect(isHouseFavourable(1, { odds: 210, oddsSpecial: null })).toBe(false);
    expect(isHouseFavourable(1, { odds: 200, oddsSpecial: null })).toBe(false); // exactly 100%
    expect(isHouseFavourable(1, { odds: 200, oddsSpecial: 199 })).toBe(true);
    expect(returnToPlayer(31, { odds: 10000, oddsSpecial: null })).toBeCloseTo(1, 10);
  });
});

describe('return to player from counted wins', () => {
  it('equals settling each of the 1,000 triples, for every class at several odds, with and without special odds', () => {
    for (const id of BET_CLASS_IDS) {
      for (const odds of [{ odds: 201, oddsSpecial: null }, { odds: 199, oddsSpecial: 101 }, { odds: 5000, oddsSpecial: 0 }, DEFAULT_ODDS.get(id)!]) {
        let paid = 0;
        for (const d of allDigitTriples()) paid += appliedOdds({ playType: id, odds: odds.odds, oddsSpecial: odds.oddsSpecial }, d);
        expect(returnToPlayer(id, odds), `class ${id} at ${JSON.stringify(odds)}`).toBe(paid / 100_000);
        expect(isHouseFavourable(id, odds)).toBe(paid < 100_000);
      }
    }
  });
});
