/**
 * The bet grammar by property (docs/bet-grammar.md): every form of every class in every language,
 * amounts, spacing, full-width and several bets parse to exactly what was written; anything with a
 * character outside the grammar, or an ordinary word, is chat.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseOptions } from '../testing/depth.js';
import { isBetClassId } from './betClasses.js';
import { AMOUNT_UNITS, BET_SEPARATORS, CLASS_FORMS, COMMAND_FORMS, GRAMMAR_LANGS, SUM_MARKERS, SUM_WORDS, type ChatCommand } from './betForms.js';
import { BET_TEXT_REASONS, normalizeBetText, parseBetMessage, type ParsedBet } from './betGrammar.js';

// Full length under TEST_DEPTH=deep (CI's `npm run test:deep`), a quarter from a new seed in `npm test` (testing/depth.ts).
const RUNS = caseOptions({ deep: 400, quick: 100 });
const MORE_RUNS = caseOptions({ deep: 500, quick: 125 });
/** Generous: a loaded CI machine runs these several times slower than a quiet one. */
const TIMEOUT = 60_000;

/** Every way a class may be named: [written form, class id, Vietnamese?]. */
const FORMS: [string, number, boolean][] = CLASS_FORMS.flatMap((c) => [
  ...[...c.zh, ...c.tw, ...c.pinyin, ...c.en].map((f): [string, number, boolean] => [f, c.classId, false]),
  ...c.vi.map((f): [string, number, boolean] => [f, c.classId, true]),
]);

const stripMarks = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').normalize('NFC');
/** ASCII as full-width (U+FF01–FF5E), spaces as the ideographic space. */
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');
const isHan = (s: string) => /^\p{Script=Han}/u.test(s);

/** A form as a player may type it: case, diacritics (Vietnamese), what stands for its inner spaces. */
const typedForm = fc
  .tuple(fc.constantFrom(...FORMS), fc.constantFrom('lower', 'upper', 'title'), fc.boolean(), fc.constantFrom(' ', '-', ''))
  .map(([[form, classId, vietnamese], kase, plain, inner]) => {
    let text = vietnamese && plain ? stripMarks(form) : form;
    text = text.replace(/ /g, inner);
    if (kase === 'upper') text = text.toUpperCase();
    if (kase === 'title') text = text.charAt(0).toUpperCase() + text.slice(1);
    return { text, classId };
  });

/** An amount in cents and one way of writing it: decimals as needed (or trailing zeros), leading zeros, a unit. */
const typedAmount = fc
  .tuple(
    fc.integer({ min: 1, max: 999_999_999_99 }),
    fc.nat({ max: 2 }),
    fc.nat({ max: 2 }),
    fc.constantFrom('', ...new Set(GRAMMAR_LANGS.flatMap((l) => AMOUNT_UNITS[l]))),
    fc.constantFrom('', ' '),
    fc.boolean(),
  )
  .map(([cents, style, zeros, unit, beforeUnit, upperUnit]) => {
    const rest = cents % 100;
    let decimals: string;
    if (rest === 0) decimals = ['', '.0', '.00'][style]!;
    else if (rest % 10 === 0) decimals = style === 0 ? `.${rest / 10}` : `.${rest / 10}0`;
    else decimals = `.${String(rest).padStart(2, '0')}`;
    const text = '0'.repeat(zeros) + String(Math.floor(cents / 100)) + decimals;
    const u = upperUnit ? unit.toUpperCase() : unit;
    return { text: u ? `${text}${beforeUnit}${u}` : text, cents };
  });

/** One bet as a player may write it: a class and its amount, or a total and its amount. */
const typedBet = fc.oneof(
  fc.tuple(typedForm, fc.constantFrom('', ' ', '  '), typedAmount).map(([form, gap, amount]) => ({
    text: `${form.text}${gap}${amount.text}`,
    bet: { classId: form.classId, amountCents: amount.cents },
  })),
  fc
    .tuple(
      fc.integer({ min: 0, max: 27 }),
      fc.constantFrom(' ', ...new Set(GRAMMAR_LANGS.flatMap((l) => SUM_MARKERS[l].flatMap((m) => [m, ` ${m} `])))),
      fc.constantFrom('', ...new Set(GRAMMAR_LANGS.flatMap((l) => SUM_WORDS[l].map((w) => (isHan(w) ? w : `${w} `))))),
      typedAmount,
    )
    .map(([n, between, word, amount]) => ({ text: `${word}${n}${between}${amount.text}`, bet: { classId: 100 + n, amountCents: amount.cents } })),
);

/** Several bets in one message: separators of any kind, or none before a bet that starts with a Chinese character. */
const typedSlip = fc.array(fc.tuple(typedBet, fc.constantFrom(...BET_SEPARATORS, ', ', ' , ', '  ', '')), { minLength: 1, maxLength: 6 }).map((parts) => {
  let text = '';
  const bets: ParsedBet[] = [];
  parts.forEach(([b, sep], i) => {
    if (i > 0) text += sep === '' && !isHan(b.text) ? ' ' : sep;
    text += b.text;
    bets.push(b.bet);
  });
  return { text, bets };
});

describe('the bet grammar, by property', { timeout: TIMEOUT }, () => {
  it('reads every form of every class, in every language, with any amount', () => {
    fc.assert(
      fc.property(typedForm, fc.constantFrom('', ' '), typedAmount, (form, gap, amount) => {
        expect(parseBetMessage(`${form.text}${gap}${amount.text}`)).toEqual({ kind: 'bets', bets: [{ classId: form.classId, amountCents: amount.cents }] });
      }),
      RUNS,
    );
  });

  it('reads a total 0–27 and its amount, with a space, a marker or the name of the sum', () => {
    fc.assert(
      fc.property(typedBet, (b) => {
        expect(parseBetMessage(b.text)).toEqual({ kind: 'bets', bets: [b.bet] });
      }),
      RUNS,
    );
  });

  it('reads several bets in one message, in the order written', () => {
    fc.assert(
      fc.property(typedSlip, fc.constantFrom('', ' ', '\n', '\t '), (slip, pad) => {
        expect(parseBetMessage(`${pad}${slip.text}${pad}`)).toEqual({ kind: 'bets', bets: slip.bets });
      }),
      RUNS,
    );
  });

  it('reads a message typed in full-width characters, or with zero-width ones, as the same bets', () => {
    fc.assert(
      fc.property(typedSlip, fc.nat(), (slip, at) => {
        const zeroWidth = slip.text.slice(0, at % (slip.text.length + 1)) + '\u200b' + slip.text.slice(at % (slip.text.length + 1));
        expect(parseBetMessage(fullWidth(slip.text))).toEqual({ kind: 'bets', bets: slip.bets });
        expect(parseBetMessage(zeroWidth)).toEqual({ kind: 'bets', bets: slip.bets });
      }),
      RUNS,
    );
  });

  it('refuses a bet without an amount, with a malformed amount, or on no class — naming it', () => {
    fc.assert(
      fc.property(
        typedSlip,
        typedForm,
        fc.oneof(
          fc.constant({ tail: '', reason: BET_TEXT_REASONS.missingAmount }),
          fc.constantFrom('0', '0.00', '00').map((tail) => ({ tail, reason: BET_TEXT_REASONS.badAmount })),
          fc
            .tuple(fc.nat({ max: 99999 }), fc.integer({ min: 3, max: 6 }))
            .map(([n, d]) => ({ tail: `1.${String(n).padStart(d, '0')}`, reason: BET_TEXT_REASONS.badAmount })),
          fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER }).map((n) => ({ tail: String(n), reason: BET_TEXT_REASONS.badAmount })),
        ),
        (slip, form, wrong) => {
          const text = `${slip.text} ${form.text} ${wrong.tail}`.trim();
          expect(parseBetMessage(text)).toMatchObject({ kind: 'refused', reason: wrong.reason });
        },
      ),
      RUNS,
    );
    fc.assert(
      fc.property(typedSlip, fc.integer({ min: 28, max: 999 }), fc.constantFrom('点', '點', '/'), typedAmount, (slip, n, marker, amount) => {
        const near = `${n}${marker}${amount.text}`;
        expect(parseBetMessage(`${slip.text} ${near}`)).toEqual({
          kind: 'refused',
          reason: BET_TEXT_REASONS.unknownClass,
          near: normalizeBetText(near).normalize('NFC'),
        });
      }),
      RUNS,
    );
  });

  it('answers every command, whole, in every language', () => {
    const commands = (Object.entries(COMMAND_FORMS) as [ChatCommand, (typeof COMMAND_FORMS)[ChatCommand]][]).flatMap(([command, table]) =>
      GRAMMAR_LANGS.flatMap((lang) => table[lang].map((form) => ({ form, command, vietnamese: lang === 'vi' }))),
    );
    fc.assert(
      fc.property(fc.constantFrom(...commands), fc.boolean(), fc.boolean(), fc.boolean(), (c, upper, plain, wide) => {
        let text = c.vietnamese && plain ? stripMarks(c.form) : c.form;
        if (upper) text = text.toUpperCase();
        if (wide) text = fullWidth(text);
        expect(parseBetMessage(` ${text} `)).toEqual({ kind: 'command', command: c.command });
        expect(parseBetMessage(`${text} please`).kind).toBe('chat');
      }),
      RUNS,
    );
  });
});

/** Every character a message of bets or commands can be made of (after normalising), marks included. */
const ALPHABET = new Set<string>([
  ...'0123456789. /-',
  ...BET_SEPARATORS.join(''),
  ...[
    ...FORMS.map(([f]) => f),
    ...GRAMMAR_LANGS.flatMap((l) => [...SUM_WORDS[l], ...SUM_MARKERS[l], ...AMOUNT_UNITS[l]]),
    ...Object.values(COMMAND_FORMS).flatMap((t) => GRAMMAR_LANGS.flatMap((l) => t[l])),
  ]
    .map((f) => normalizeBetText(f))
    .join('')
    .replace(/\p{M}/gu, ''),
]);
const isForeign = (c: string) => !ALPHABET.has(c) && !/\p{M}/u.test(c);
const foreignIn = (text: string) => [...normalizeBetText(text)].some(isForeign);

/** Ordinary chat in the four languages; none of these words is bet grammar. */
const WORDS = [
  'hello',
  'good',
  'luck',
  'everyone',
  'what',
  'is',
  'the',
  'result',
  'today',
  'win',
  'lose',
  'nice',
  'thanks',
  'who',
  'again',
  'wow',
  'lol',
  '大家好',
  '恭喜',
  '发财',
  '谢谢',
  '运气',
  '今天',
  '好',
  '吗',
  '哈哈',
  '加油',
  '中了',
  '輸了',
  '厲害',
  'xin chào',
  'chúc mừng',
  'may mắn',
  'hôm nay',
  'thắng',
  'thua',
  'cảm ơn',
  'anh em',
  'vui',
];

describe('what is not a bet', { timeout: TIMEOUT }, () => {
  it('no ordinary word is bet grammar', () => {
    for (const w of WORDS) expect(parseBetMessage(w), w).toEqual({ kind: 'chat' });
  });

  it('a message with any character the grammar has no use for is chat, whatever else it holds', () => {
    const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ maxLength: 40 }));
    fc.assert(
      fc.property(anyText, (text) => {
        fc.pre(foreignIn(text));
        expect(parseBetMessage(text)).toEqual({ kind: 'chat' });
      }),
      MORE_RUNS,
    );
    fc.assert(
      fc.property(typedSlip, fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), fc.nat(), (slip, extra, at) => {
        fc.pre(foreignIn(extra));
        const i = at % (slip.text.length + 1);
        expect(parseBetMessage(slip.text.slice(0, i) + extra + slip.text.slice(i))).toEqual({ kind: 'chat' });
      }),
      RUNS,
    );
  });

  it('a message with an ordinary word among bets is chat', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            typedBet.map((b) => b.text),
            fc.constantFrom(...WORDS),
          ),
          { maxLength: 6 },
        ),
        fc.constantFrom(...WORDS),
        fc.nat(),
        (parts, word, at) => {
          const all = [...parts];
          all.splice(at % (parts.length + 1), 0, word);
          expect(parseBetMessage(all.join(' '))).toEqual({ kind: 'chat' });
        },
      ),
      RUNS,
    );
  });

  it('never throws, and whatever it reads as bets names real classes and positive amounts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.stringMatching(/^[0-9 ./大小单双点dxsu]{0,20}$/)), (text) => {
        const read = parseBetMessage(text);
        expect(['bets', 'command', 'refused', 'chat']).toContain(read.kind);
        if (read.kind === 'bets') {
          expect(read.bets.length).toBeGreaterThan(0);
          for (const b of read.bets) {
            expect(isBetClassId(b.classId)).toBe(true);
            expect(Number.isSafeInteger(b.amountCents) && b.amountCents > 0).toBe(true);
          }
        }
      }),
      MORE_RUNS,
    );
  });
});
