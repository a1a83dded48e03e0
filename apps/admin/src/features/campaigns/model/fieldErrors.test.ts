import { describe, expect, it } from 'vitest';
import { blankTerms } from './termsForm';
import { refusedFields, type EditedCampaign } from './fieldErrors';

const full = { zh: '签到', tw: '簽到', en: 'Check-in', vi: 'Điểm danh' };
const campaign = (change: Partial<EditedCampaign> = {}): EditedCampaign => ({
  kind: 'check_in',
  title: full,
  terms_text: full,
  terms: blankTerms(),
  ...change,
});

describe("the form fields a server's refusal goes under", () => {
  it('names its own fields as they are, and nothing for a field the form does not hold', () => {
    expect(refusedFields('starts_at', campaign())).toEqual([['starts_at']]);
    expect(refusedFields('banner', campaign())).toEqual([['banner']]);
    expect(refusedFields('id', campaign())).toEqual([]);
    expect(refusedFields(undefined, campaign())).toEqual([]);
  });

  it('puts a refusal of the titles or the terms under each language found wrong here, else the first', () => {
    expect(refusedFields('title', campaign({ title: { ...full, tw: ' ', vi: '' } }))).toEqual([
      ['title', 'tw'],
      ['title', 'vi'],
    ]);
    expect(refusedFields('terms_text', campaign({ terms_text: { ...full, en: 'x'.repeat(1001) } }))).toEqual([['terms_text', 'en']]);
    expect(refusedFields('title', campaign())).toEqual([['title', 'zh']]);
  });

  it("puts a refusal of the terms under the fields the terms' own check finds wrong, else under the kind's first field or the top tier's rate", () => {
    const terms = blankTerms();
    terms.check_in.rewards = ['1', '2', 'x', '4', '5', '6', '7'];
    expect(refusedFields('terms', campaign({ terms }))).toEqual([['terms', 'check_in', 'rewards', 2]]);
    terms.check_in.rewards[2] = '3';
    expect(refusedFields('terms', campaign({ terms }))).toEqual([['terms', 'check_in', 'rewards', 0]]);
    const rakeback = blankTerms();
    const name = { zh: 'a', tw: 'a', en: 'a', vi: 'a' };
    rakeback.rakeback.tiers = [
      { name, min_stake: '0', rate: '10' },
      { name, min_stake: '100', rate: '30' },
    ];
    expect(refusedFields('terms', campaign({ kind: 'rakeback', terms: rakeback }))).toEqual([['terms', 'rakeback', 'tiers', 1, 'rate']]);
  });
});
