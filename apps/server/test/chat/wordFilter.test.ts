/**
 * The chat's content filter (domain/chat/wordFilter.ts): links and contact handles refused by default,
 * order numbers passing, the word list matched through look-alikes. Pure: no database.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newOrderNo } from '../../src/domain/betting/request.js';
import { ORDER_NO_LENGTH, compactText, foldText, judgeText, looksLikeIssue, normaliseWords, type FilterRules } from '../../src/domain/chat/wordFilter.js';

const rules = (over: Partial<FilterRules> = {}): FilterRules => ({ words: [], linksAllowed: false, allowedDomains: [], ...over });
const reason = (text: string, r: FilterRules = rules()) => {
  const v = judgeText(text, r);
  return v.ok ? 'ok' : v.reason;
};

describe('links and contact handles', () => {
  it('refuses URLs, bare domains and links written with look-alike dots', () => {
    for (const text of [
      'see https://spam.example',
      'www.abc.com',
      'go to lucky888.vip now',
      'ｗｗｗ．ａｂｃ．ｃｏｍ',
      'abc。com',
      'abc 点 com',
      'abc(dot)net',
      't.me',
    ]) {
      expect(reason(text), text).not.toBe('ok');
    }
    expect(reason('visit lucky888.vip')).toBe('link');
  });

  it('refuses @handles, e-mail addresses, QQ / WeChat / phone numbers', () => {
    const cases = [
      '加我 @recruiter88',
      'mail me: boss@spam.cn',
      'QQ 12345678',
      'qq:98765',
      '微信 abc_12345',
      'vx：lucky2828',
      '加V信 wxid_abcdef',
      '13812345678',
      '138 1234 5678',
      '138-1234-5678',
      '１３８１２３４５６７８',
    ];
    for (const text of cases) expect(reason(text), text).toBe('contact');
  });

  it('lets an order number through, as newOrderNo makes it, and ordinary bets and chatter', () => {
    expect(newOrderNo(Date.now())).toHaveLength(ORDER_NO_LENGTH);
    for (const text of [
      `my order ${newOrderNo(Date.now())} was not paid`,
      newOrderNo(1_795_800_000_000),
      '大100',
      '押 28 注 5000',
      '第 20261203123 期',
      'hello 👋🏽',
      'lol ok',
    ]) {
      expect(reason(text), text).toBe('ok');
    }
    expect(reason('call 3120456')).toBe('contact');
  });

  it('allows links when the operator does, to the allowed domains only', () => {
    const open = rules({ linksAllowed: true, allowedDomains: ['lucky28.example'] });
    expect(reason('see https://help.lucky28.example/faq', open)).toBe('ok');
    expect(reason('see lucky28.example', open)).toBe('ok');
    expect(reason('see https://spam.vip', open)).toBe('link');
    expect(reason('anything.com', rules({ linksAllowed: true }))).toBe('ok');
  });

  it('property: any digit string of the order-number length passes; any other 7–12 digit number is refused', () => {
    fc.assert(fc.property(fc.stringMatching(new RegExp(`^[0-9]{${ORDER_NO_LENGTH}}$`)), (no) => judgeText(`order ${no}`).ok));
    // A number shaped as a round's issue (20000110000: 10 January 2000, round 000) passes as a reference.
    const notAnIssue = fc.stringMatching(/^[1-9][0-9]{6,11}$/).filter((n) => !looksLikeIssue(n));
    fc.assert(fc.property(notAnIssue, (n) => reason(`call ${n}`) === 'contact'));
    expect(reason('call 20000110000')).toBe('ok');
  });
});

describe('the word list, folded for look-alikes', () => {
  const banned = rules({ words: ['spam', '代理'] });

  it('matches full-width, zero-width, spaced, cased and Cyrillic look-alikes', () => {
    for (const text of ['buy spam', 'ＳＰＡＭ', 's\u200Bp\u200Dam', 's p a m', 'S-P-A-M', 'ѕраm', '招代理', '代 理']) {
      expect(reason(text, banned), text).toBe('word');
    }
    expect(reason('hello there', banned)).toBe('ok');
  });

  it('property: a listed word survives any insertion of zero-width characters and spaces and any case change', () => {
    const noise = fc.constantFrom('\u200B', '\u200C', '\u200D', '\uFEFF', ' ', '  ', '.', '');
    fc.assert(
      fc.property(fc.array(noise, { minLength: 4, maxLength: 4 }), fc.boolean(), fc.string({ maxLength: 20 }), (gaps, upper, around) => {
        const word = 'spam'
          .split('')
          .map((c, i) => (upper ? c.toUpperCase() : c) + gaps[i])
          .join('');
        return reason(word, banned) === 'word' && !judgeText(`${around}${word}${around}`, banned).ok;
      }),
    );
  });

  it('property: folding is idempotent and compactText keeps only letters and digits', () => {
    fc.assert(fc.property(fc.string(), (s) => foldText(foldText(s)) === foldText(s)));
    fc.assert(fc.property(fc.string(), (s) => /^[\p{L}\p{N}]*$/u.test(compactText(s))));
  });

  it('normalises a saved list: trimmed, blanks and folded duplicates dropped', () => {
    expect(normaliseWords([' spam ', 'SPAM', 'ｓｐａｍ', '', '  ', '代理'])).toEqual(['spam', '代理']);
  });
});
