import { describe, expect, it } from 'vitest';
import { blankTerms, checkTerms, termsToValues } from './termsForm';

const names = { zh: '铜', tw: '銅', en: 'Bronze', vi: 'Đồng' };

describe("a campaign's terms in the console form", () => {
  it('reads amounts and rates exactly as typed: units to cents, a per cent to basis points', () => {
    const values = blankTerms();
    values.rakeback.tiers = [
      { name: names, min_stake: '0', rate: '0.01' },
      { name: names, min_stake: '999999.99', rate: '100' },
    ];
    expect(checkTerms('rakeback', values)).toEqual({
      ok: true,
      terms: {
        tiers: [
          { name: names, min_stake: 0, rate_bp: 1 },
          { name: names, min_stake: 99_999_999, rate_bp: 10_000 },
        ],
      },
    });
  });

  it('never rounds or trims: a third decimal, a sign, a space or a fraction of a whole number is refused at its field', () => {
    const values = blankTerms();
    values.first_deposit = { percent: '1.5', cap: ' 10', wager_multiple: '3 ' };
    const check = checkTerms('first_deposit', values);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors.map((e) => e.name)).toEqual([
      ['terms', 'first_deposit', 'percent'],
      ['terms', 'first_deposit', 'cap'],
      ['terms', 'first_deposit', 'wager_multiple'],
    ]);
    values.first_deposit = { percent: '1e2', cap: '10', wager_multiple: '3' };
    const exponent = checkTerms('first_deposit', values);
    expect(!exponent.ok && exponent.errors.map((e) => e.name)).toEqual([['terms', 'first_deposit', 'percent']]);
    values.check_in.rewards = ['1', '2', '3.005', '-4', '5', '6', '7'];
    const days = checkTerms('check_in', values);
    expect(!days.ok && days.errors.map((e) => e.name)).toEqual([
      ['terms', 'check_in', 'rewards', 2],
      ['terms', 'check_in', 'rewards', 3],
    ]);
    expect(!days.ok && days.errors[0]!.message).toBe('err.campaign_terms_invalid');
  });

  it('shows stored terms the way they are typed, and they check back to the same terms', () => {
    const stored = {
      rakeback: { tiers: [{ name: names, min_stake: 150_050, rate_bp: 1050 }] },
      first_deposit: { percent: 50, cap: 10_000, wager_multiple: 0 },
      check_in: { rewards: [1, 20, 300, 4000, 50_000, 600_000, 7_000_000] },
    } as const;
    expect(termsToValues('rakeback', stored.rakeback).rakeback.tiers[0]).toEqual({ name: names, min_stake: '1500.50', rate: '10.5' });
    expect(termsToValues('first_deposit', stored.first_deposit).first_deposit).toEqual({ percent: '50', cap: '100.00', wager_multiple: '0' });
    expect(termsToValues('check_in', stored.check_in).check_in.rewards).toEqual(['0.01', '0.20', '3.00', '40.00', '500.00', '6000.00', '70000.00']);
    for (const kind of ['rakeback', 'first_deposit', 'check_in'] as const) {
      expect(checkTerms(kind, termsToValues(kind, stored[kind]))).toEqual({ ok: true, terms: stored[kind] });
    }
  });
});
