/**
 * How a bet is written, by example, in each language: the rules pages show these messages with what
 * the parser reads in them, and a test holds each one to the bets written beside it
 * (`betGrammar.test.ts`), so neither the page nor docs/bet-grammar.md can disagree with the parser.
 */
import { BetClass } from './betClasses.js';
import type { GrammarLang } from './betForms.js';
import type { ParsedBet } from './betGrammar.js';

export interface BetTextExample {
  text: string;
  bets: readonly ParsedBet[];
}

const bet = (classId: number, units: number): ParsedBet => ({ classId, amountCents: units * 100 });
const sum = (n: number, units: number) => bet(100 + n, units);

export const BET_TEXT_EXAMPLES: Readonly<Record<GrammarLang, readonly BetTextExample[]>> = {
  zh: [
    { text: '极大200', bets: [bet(BetClass.EXTREME_BIG, 200)] },
    { text: '大100', bets: [bet(BetClass.BIG, 100)] },
    { text: '小双 50', bets: [bet(BetClass.SMALL_EVEN, 50)] },
    { text: 'xd20', bets: [bet(BetClass.SMALL_ODD, 20)] },
    { text: '13 20', bets: [sum(13, 20)] },
    { text: '13点20', bets: [sum(13, 20)] },
    { text: '大100 小双50', bets: [bet(BetClass.BIG, 100), bet(BetClass.SMALL_EVEN, 50)] },
    { text: '豹子10元', bets: [bet(BetClass.TRIPLE, 10)] },
  ],
  tw: [
    { text: '極大200', bets: [bet(BetClass.EXTREME_BIG, 200)] },
    { text: '大100', bets: [bet(BetClass.BIG, 100)] },
    { text: '小雙 50', bets: [bet(BetClass.SMALL_EVEN, 50)] },
    { text: 'xd20', bets: [bet(BetClass.SMALL_ODD, 20)] },
    { text: '13 20', bets: [sum(13, 20)] },
    { text: '13點20', bets: [sum(13, 20)] },
    { text: '大100 小雙50', bets: [bet(BetClass.BIG, 100), bet(BetClass.SMALL_EVEN, 50)] },
    { text: '對子10塊', bets: [bet(BetClass.PAIR, 10)] },
  ],
  en: [
    { text: 'extreme big 200', bets: [bet(BetClass.EXTREME_BIG, 200)] },
    { text: 'big 100', bets: [bet(BetClass.BIG, 100)] },
    { text: 'small even 50', bets: [bet(BetClass.SMALL_EVEN, 50)] },
    { text: 'bigodd 20.5u', bets: [{ classId: BetClass.BIG_ODD, amountCents: 2050 }] },
    { text: '13 20', bets: [sum(13, 20)] },
    { text: 'sum 13/20', bets: [sum(13, 20)] },
    { text: 'big 100, small even 50', bets: [bet(BetClass.BIG, 100), bet(BetClass.SMALL_EVEN, 50)] },
    { text: 'pair 10', bets: [bet(BetClass.PAIR, 10)] },
  ],
  vi: [
    { text: 'cực lớn 200', bets: [bet(BetClass.EXTREME_BIG, 200)] },
    { text: 'tài 100', bets: [bet(BetClass.BIG, 100)] },
    { text: 'xỉu chẵn 50', bets: [bet(BetClass.SMALL_EVEN, 50)] },
    { text: 'xiu le 20', bets: [bet(BetClass.SMALL_ODD, 20)] },
    { text: '13 20', bets: [sum(13, 20)] },
    { text: 'tổng 13/20', bets: [sum(13, 20)] },
    { text: 'tài 100 xỉu chẵn 50', bets: [bet(BetClass.BIG, 100), bet(BetClass.SMALL_EVEN, 50)] },
    { text: 'đôi 10', bets: [bet(BetClass.PAIR, 10)] },
  ],
};
