/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../messages/index.js';
import { BET_CLASSES, betClass, BetClass } from './betClasses.js';
import { CLASS_FORMS, COMMAND_FORMS, GRAMMAR_LANGS, formsIn, type ChatCommand, type GrammarLang } from './betForms.js';
import { BET_TEXT_REASONS, normalizeBetText, parseBetMessage, type BetMessage } from './betGrammar.js';
import { BET_TEXT_EXAMPLES } from './betTextExamples.js';
import { renderGrammarDoc } from './betGrammarDoc.testkit.js';

const bets = (...pairs: [classId: number, cents: number][]): BetMessage => ({
  kind: 'bets',
  bets: pairs.map(([classId, amountCents]) => ({ classId, amountCents })),
});
const refused = (reason: keyof typeof BET_TEXT_REASONS, near: string): BetMessage => ({ kind: 'refused', reason: BET_TEXT_REASONS[reason], near });
const chat: BetMessage = { kind: 'chat' };
const command = (c: ChatCommand): BetMessage => ({ kind: 'command', command: c });

describe('the bet grammar, by example', () => {
  it.each<[string, BetMessage]>([
    // The market's shorthand, with and without spaces, several bets in one message.
    ['大100', bets([BetClass.BIG, 10000])],
    ['小双 50', bets([BetClass.SMALL_EVEN, 5000])],
    ['大100 小双50', bets([BetClass.BIG, 10000], [BetClass.SMALL_EVEN, 5000])],
    ['大100小双50', bets([BetClass.BIG, 10000], [BetClass.SMALL_EVEN, 5000])],
    ['大100，小50、单20;双10', bets([BetClass.BIG, 10000], [BetClass.SMALL, 5000], [BetClass.ODD, 2000], [BetClass.EVEN, 1000])],
    ['大单100 大單100', bets([BetClass.BIG_ODD, 10000], [BetClass.BIG_ODD, 10000])],
    ['極大200', bets([BetClass.EXTREME_BIG, 20000])],
    ['豹子10 顺子10 對子10', bets([BetClass.TRIPLE, 1000], [BetClass.STRAIGHT, 1000], [BetClass.PAIR, 1000])],
    ['dd100 xs50 jd20 jx20 bz10 sz10 dz10', bets([11, 10000], [14, 5000], [21, 2000], [22, 2000], [31, 1000], [32, 1000], [33, 1000])],
    ['d100 x100 dan100 s100 ds100 xd100', bets([1, 10000], [2, 10000], [3, 10000], [4, 10000], [13, 10000], [12, 10000])],
    ['xd100u大50', bets([BetClass.SMALL_ODD, 10000], [BetClass.BIG, 5000])],
    // A total: "13 20" is 20 u on 13; a marker or the sum's name also say it.
    ['13 20', bets([113, 2000])],
    ['13点20', bets([113, 2000])],
    ['13 點 20', bets([113, 2000])],
    ['13/20', bets([113, 2000])],
    ['0 10 27 10', bets([100, 1000], [127, 1000])],
    ['和值13 20', bets([113, 2000])],
    ['sum 13 20', bets([113, 2000])],
    ['Tổng 13 20', bets([113, 2000])],
    ['大100 13 20', bets([BetClass.BIG, 10000], [113, 2000])],
    // Amounts: up to two decimals, an optional unit.
    ['大100.5', bets([BetClass.BIG, 10050])],
    ['大0.01', bets([BetClass.BIG, 1])],
    ['大100元', bets([BetClass.BIG, 10000])],
    ['大100块', bets([BetClass.BIG, 10000])],
    ['大100塊', bets([BetClass.BIG, 10000])],
    ['大 100 u', bets([BetClass.BIG, 10000])],
    ['大007', bets([BetClass.BIG, 700])],
    // English and Vietnamese, with and without diacritics; full-width.
    ['extreme big 200', bets([BetClass.EXTREME_BIG, 20000])],
    ['Big Odd 100', bets([BetClass.BIG_ODD, 10000])],
    ['bigodd100 big-even 50', bets([BetClass.BIG_ODD, 10000], [BetClass.BIG_EVEN, 5000])],
    ['three of a kind 10 triple 10', bets([BetClass.TRIPLE, 1000], [BetClass.TRIPLE, 1000])],
    ['tài 100', bets([BetClass.BIG, 10000])],
    ['TAI 100', bets([BetClass.BIG, 10000])],
    ['xỉu chẵn 50 xiu chan 50', bets([BetClass.SMALL_EVEN, 5000], [BetClass.SMALL_EVEN, 5000])],
    ['cực lớn 200', bets([BetClass.EXTREME_BIG, 20000])],
    ['đôi 10 doi 10 Đôi 10', bets([BetClass.PAIR, 1000], [BetClass.PAIR, 1000], [BetClass.PAIR, 1000])],
    ['t100 x100 tl10 xc10', bets([1, 10000], [2, 10000], [11, 1000], [14, 1000])],
    ['ｄａ１００　小双５０', bets([BetClass.BIG, 10000], [BetClass.SMALL_EVEN, 5000])],
    ['１３点２０', bets([113, 2000])],
    ['大\u200b100', bets([BetClass.BIG, 10000])],
    // The chat's commands, whole messages.
    ['取消', command('cancel')],
    ['Cancel', command('cancel')],
    ['hủy', command('cancel')],
    ['梭哈', command('allIn')],
    ['all-in', command('allIn')],
    ['大梭哈', command('allIn')],
    ['big all in', command('allIn')],
    ['tài tất tay', command('allIn')],
    ['查', command('balance')],
    ['餘額', command('balance')],
    ['BALANCE', command('balance')],
    ['số dư', command('balance')],
    // Written as bets, but wrong: the first wrong part, for the sender.
    ['大', refused('missingAmount', '大')],
    ['大 小100', refused('missingAmount', '大')],
    ['13点', refused('missingAmount', '13点')],
    ['big 100 odd', refused('missingAmount', 'odd')],
    ['极100', refused('unknownClass', '极100')],
    ['豹10', refused('unknownClass', '豹10')],
    ['30点20', refused('unknownClass', '30点20')],
    ['13 20 28 20', refused('unknownClass', '28 20')],
    ['大0', refused('badAmount', '大0')],
    ['大100.555', refused('badAmount', '大100.555')],
    ['大1234567890', refused('badAmount', '大1234567890')],
    ['Tài 100.001', refused('badAmount', 'tài 100.001')],
    // Anything else is chat.
    ['', chat],
    ['   ', chat],
    ['大家好', chat],
    ['小心', chat],
    ['大哥100', chat],
    ['大100!', chat],
    ['大100 hello', chat],
    ['大100。', chat],
    ['666', chat],
    ['88', chat],
    ['30 20', chat],
    ['2024 12 31', chat],
    ['bigger 100', chat],
    ['số 100', chat],
    ['so 100', chat],
    ['取消 大100', chat],
    ['查一下', chat],
    ['what is 13 20?', chat],
    ['<b>大100</b>', chat],
    ['大/100', chat],
    ['13.5 20', chat],
  ])('%j', (text, expected) => {
    expect(parseBetMessage(text)).toEqual(expected);
  });
});

describe('the grammar tables', () => {
  it('name each class by its name in every language, and the sums by theirs', () => {
    const api = { zh: 'zh', tw: 'tw', en: 'en', vi: 'vi' } as const;
    for (const lang of GRAMMAR_LANGS) {
      for (const c of BET_CLASSES) {
        const name = translate(api[lang], c.nameKey, { n: c.sum ?? 0 });
        expect(parseBetMessage(`${name} 10`), `${lang} ${name}`).toEqual(bets([c.id, 1000]));
      }
    }
  });

  it('give every base class forms in every language, first its name', () => {
    expect(CLASS_FORMS.map((c) => c.classId)).toEqual(BET_CLASSES.filter((c) => c.kind === 'base').map((c) => c.id));
    for (const c of CLASS_FORMS) {
      const key = betClass(c.classId)!.nameKey;
      for (const lang of GRAMMAR_LANGS) expect(formsIn(c, lang)[0]).toBe(translate(lang, key).toLowerCase());
    }
  });

  it('never write two classes, or a class and a command, the same way', () => {
    const owner = new Map<string, string>();
    const claim = (form: string, what: string) => {
      const key = normalizeBetText(form).replace(/\p{M}/gu, '').replace(/[ -]/g, '');
      expect(owner.get(key) ?? what, `${form} is both ${owner.get(key)} and ${what}`).toBe(what);
      owner.set(key, what);
    };
    for (const c of CLASS_FORMS) for (const lang of GRAMMAR_LANGS) for (const f of formsIn(c, lang)) claim(f, `class ${c.classId}`);
    for (const [cmd, table] of Object.entries(COMMAND_FORMS)) for (const lang of GRAMMAR_LANGS) for (const f of table[lang]) claim(f, `command ${cmd}`);
  });
});

describe('the examples the rules pages show', () => {
  it.each(GRAMMAR_LANGS)('%s: each reads as the bets written beside it', (lang: GrammarLang) => {
    expect(BET_TEXT_EXAMPLES[lang].length).toBeGreaterThanOrEqual(6);
    for (const ex of BET_TEXT_EXAMPLES[lang]) expect(parseBetMessage(ex.text), ex.text).toEqual({ kind: 'bets', bets: ex.bets });
  });

  it('include the format example of the rules text ("extreme big 200") in every language', () => {
    for (const lang of GRAMMAR_LANGS) expect(BET_TEXT_EXAMPLES[lang][0]!.bets).toEqual([{ classId: BetClass.EXTREME_BIG, amountCents: 20000 }]);
  });
});

describe('docs/bet-grammar.md', () => {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/bet-grammar.md'), 'utf8');
  it.each(GRAMMAR_LANGS)('%s: shows the forms, commands and examples the parser reads', (lang: GrammarLang) => {
    // On a difference, the expected section is printed: paste it into the doc.
    expect(doc).toContain(renderGrammarDoc(lang));
  });
});
