/** The English text a round's post keeps beside its key: its plural forms follow the number ("1 second", "1 bet"). */
import { describe, expect, it } from 'vitest';
import { englishText, listPost, warningPost } from '../../src/domain/chat/roundPosts.js';

describe('a round post’s English text', () => {
  it('says one second and one bet in the singular, other numbers in the plural; the stored parameters are the post’s own', () => {
    expect(englishText(warningPost('20250101001', 1))).toBe('Round 20250101001: betting closes in 1 second');
    expect(englishText(warningPost('20250101001', 10))).toBe('Round 20250101001: betting closes in 10 seconds');
    expect(warningPost('20250101001', 1).params).toEqual({ issue: '20250101001', seconds: 1 });
    const list = (count: number) => listPost(7, '20250101001', { count, hash: 'ab' } as Parameters<typeof listPost>[2]);
    expect(englishText(list(1))).toBe('Round 20250101001: 1 bet accepted in this room. SHA-256 of the list: ab');
    expect(englishText(list(3))).toBe('Round 20250101001: 3 bets accepted in this room. SHA-256 of the list: ab');
  });
});
