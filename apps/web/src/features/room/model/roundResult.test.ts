import { describe, expect, it } from 'vitest';
import { awaitedIssue, isDrawn, marksFor, previousIssue, summarizeRound, type MyOrder } from './roundResult';

const order = (p: Partial<MyOrder>): MyOrder => ({
  issue: '20261123100',
  plan_id: 1,
  play_type: 1,
  quantity: '10.00',
  status: 1,
  whether_hit: 0,
  profit: '-10.00',
  ...p,
});

describe('round results', () => {
  it('knows the round before, within the day', () => {
    expect(previousIssue('20261123100')).toBe('20261123099');
    expect(previousIssue('202611231000')).toBe('202611230999');
    expect(previousIssue('20261123001')).toBeNull();
    expect(previousIssue('x')).toBeNull();
  });

  it('awaits the previous round until it is the last drawn (no stale result of round n-2)', () => {
    expect(awaitedIssue('20261123100', '20261123098')).toBe('20261123099');
    expect(awaitedIssue('20261123100', null)).toBe('20261123099');
    expect(awaitedIssue('20261123100', '20261123099')).toBeNull();
    expect(awaitedIssue('20261123001', '20261122480')).toBeNull();
    expect(isDrawn('20261123099', '20261123099')).toBe(true);
    expect(isDrawn('20261123100', '20261123099')).toBe(false);
  });

  it('sums a settled round into a win, a loss or even by its net result, and waits for every bet', () => {
    expect(summarizeRound('i', [order({ whether_hit: 1, profit: '10.00' }), order({ play_type: 2 })])).toEqual({
      issue: 'i',
      bets: 2,
      won: 1,
      profit: '0.00',
      outcome: 'even',
    });
    expect(summarizeRound('i', [order({ whether_hit: 1, profit: '10.00' }), order({ play_type: 2, profit: '-20.00' })])).toMatchObject({
      won: 1,
      profit: '-10.00',
      outcome: 'lose',
    });
    expect(summarizeRound('i', [order({ whether_hit: 1, profit: '36.00' })])).toMatchObject({ profit: '36.00', outcome: 'win' });
    expect(summarizeRound('i', [order({ status: 0, profit: null, whether_hit: null })])).toBeNull();
    expect(summarizeRound('i', [])).toBeNull();
  });

  it('marks each feed bet with its own order', () => {
    const orders = [order({ whether_hit: 1, profit: '10.00' }), order({ play_type: 1 }), order({ play_type: 3, status: 0, profit: null })];
    expect(
      marksFor(
        [
          { play_type: 1, quantity: '10.00' },
          { play_type: 1, quantity: '10.00' },
          { play_type: 3, quantity: '10.00' },
        ],
        orders,
      ),
    ).toEqual([{ outcome: 'win', profit: '10.00' }, { outcome: 'lose', profit: '-10.00' }, null]);
  });
});
