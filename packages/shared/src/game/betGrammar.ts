/**
 * The bet grammar (docs/bet-grammar.md): reads one chat message as a list of bets, one of the chat's
 * commands, a bet written wrong (with the reason, for the sender), or an ordinary chat message.
 *
 * A message is a bet only when every part of it is bet grammar: a class (`大`, `xd`, `big odd`,
 * `tài`) or a total (`13`) followed by its amount (`100`, `20.5u`, `50元`), several in one message.
 * Whether an amount is within a room's limits, or a class is offered by the room, is the bet path's
 * question, not the grammar's.
 */
import { type Cents } from '../money.js';
import { SUM_CLASS_BASE } from './betClasses.js';
import {
  AMOUNT_UNITS,
  BET_SEPARATORS,
  CLASS_FORMS,
  COMMAND_FORMS,
  GRAMMAR_LANGS,
  MAX_AMOUNT_DIGITS,
  SUM_MARKERS,
  SUM_WORDS,
  type ChatCommand,
  type GrammarLang,
} from './betForms.js';
import { MAX_TOTAL } from './patterns.js';

export interface ParsedBet {
  classId: number;
  amountCents: Cents;
}

/** Why a message that is written as a bet is not one: message keys of the API catalogue (`{{text}}` = the part in question). */
export const BET_TEXT_REASONS = {
  unknownClass: 'err.bet_text_unknown_class',
  missingAmount: 'err.bet_text_missing_amount',
  badAmount: 'err.bet_text_bad_amount',
} as const;
export type BetTextReason = (typeof BET_TEXT_REASONS)[keyof typeof BET_TEXT_REASONS];

export type BetMessage =
  | { kind: 'bets'; bets: ParsedBet[] }
  | { kind: 'command'; command: ChatCommand }
  /** Written as bets but wrong: `near` is the part that is wrong, as typed (normalised). */
  | { kind: 'refused'; reason: BetTextReason; near: string }
  | { kind: 'chat' };

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * The form a message is read in: NFKC (full-width digits, letters and spaces are the ordinary ones),
 * no zero-width characters, lower case, runs of white space as one space, and decomposed (NFD) so
 * that a Vietnamese letter is its base letter followed by its marks.
 */
export function normalizeBetText(text: string): string {
  return text.normalize('NFKC').replace(ZERO_WIDTH, '').toLowerCase().normalize('NFD').replace(/\s+/gu, ' ').trim();
}

const LATIN = /[a-z]/;
const escapeChar = (c: string) => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * A form as a regular expression over normalised text. A letter of a Vietnamese form may carry any
 * marks (or none); a letter of a pinyin or English form none. A space in a form may be a space, a
 * hyphen or nothing. A form ending in a letter is not followed by another Latin letter (`big` is not
 * the start of `bigger`), but may be followed by a Chinese one (`xd100u大50`).
 */
function formSource(form: string, vietnamese: boolean): string {
  const letters = [...form.normalize('NFD').toLowerCase().replace(/\p{M}/gu, '')];
  let out = '';
  for (const c of letters) {
    if (c === ' ') out += '[ -]?';
    else if (c === 'đ') out += '[đd]\\p{M}*';
    else if (LATIN.test(c)) out += vietnamese ? `${c}\\p{M}*` : `${c}(?!\\p{M})`;
    else out += escapeChar(c);
  }
  const last = letters[letters.length - 1] ?? '';
  if (LATIN.test(last) || last === 'đ') out += '(?![a-zđ\\p{M}])';
  return out;
}

interface Form<T> {
  re: RegExp;
  value: T;
}

const sticky = (source: string) => new RegExp(source, 'uy');
const whole = (source: string) => new RegExp(`^(?:${source})$`, 'u');

const byLang = <T>(table: Readonly<Record<GrammarLang, readonly string[]>>, value: T, make: (s: string) => RegExp): Form<T>[] =>
  GRAMMAR_LANGS.flatMap((lang) => table[lang].map((f) => ({ re: make(formSource(f, lang === 'vi')), value })));

/** The class forms by the character they start with (`đ` forms under `d` too), so a position tries only its own. */
const CLASS_MATCHERS = new Map<string, Form<number>[]>();
for (const c of CLASS_FORMS) {
  const forms = [...[...c.zh, ...c.tw, ...c.pinyin, ...c.en].map((f) => [f, false] as const), ...c.vi.map((f) => [f, true] as const)];
  for (const [form, vietnamese] of forms) {
    const first = form.normalize('NFD').toLowerCase()[0]!;
    for (const key of first === 'đ' ? ['đ', 'd'] : [first]) {
      CLASS_MATCHERS.set(key, [...(CLASS_MATCHERS.get(key) ?? []), { re: sticky(formSource(form, vietnamese)), value: c.classId }]);
    }
  }
}

const COMMAND_MATCHERS: Form<ChatCommand>[] = (Object.keys(COMMAND_FORMS) as ChatCommand[]).flatMap((command) =>
  byLang(COMMAND_FORMS[command], command, whole),
);

const alternation = (table: Readonly<Record<GrammarLang, readonly string[]>>) =>
  [...new Set(GRAMMAR_LANGS.flatMap((lang) => table[lang].map((f) => formSource(f, lang === 'vi'))))].join('|');

const SUM_WORD = sticky(`(?:${alternation(SUM_WORDS)}) ?`);
const TOTAL = sticky('[0-9]+');
const MARKER = sticky(` ?(?:${alternation(SUM_MARKERS)}) ?`);
const AMOUNT = sticky('([0-9]+)(?:\\.([0-9]+))?');
const UNIT = sticky(` ?(?:${alternation(AMOUNT_UNITS)})`);
const ALL_IN = sticky(alternation(COMMAND_FORMS.allIn));
const SEPARATORS = sticky(`(?:${BET_SEPARATORS.map(escapeChar).join('|')})+`);

/** The Chinese characters of the class names: a run of them that is no class (`极`, `豹`) is an unknown class. */
const CLASS_CHARS = new Set(CLASS_FORMS.flatMap((c) => [...c.zh, ...c.tw].flatMap((f) => [...f])));

const matchAt = (re: RegExp, s: string, i: number): RegExpExecArray | null => {
  re.lastIndex = i;
  return re.exec(s);
};

type Head = { kind: 'class'; classId: number } | { kind: 'sum'; total: number; marked: boolean } | { kind: 'fragment' };
type Amount = { kind: 'cents'; cents: Cents } | { kind: 'missing' } | { kind: 'bad' } | { kind: 'allIn' };
interface Item {
  head: Head;
  amount: Amount;
  text: string;
}

/** The longest class form at `i`. */
function classAt(s: string, i: number): { classId: number; end: number } | null {
  let best: { classId: number; end: number } | null = null;
  for (const f of CLASS_MATCHERS.get(s[i]!) ?? []) {
    const m = matchAt(f.re, s, i);
    if (m && (!best || i + m[0].length > best.end)) best = { classId: f.value, end: i + m[0].length };
  }
  return best;
}

/** A bet's head at `i` and where its amount starts (null: the amount is missing), or null when `i` starts no bet. */
function headAt(s: string, i: number): { head: Head; amountAt: number | null; end: number } | null {
  const cls = classAt(s, i);
  if (cls) {
    const at = s[cls.end] === ' ' ? cls.end + 1 : cls.end;
    return { head: { kind: 'class', classId: cls.classId }, amountAt: at, end: cls.end };
  }
  const word = matchAt(SUM_WORD, s, i);
  const at = word ? i + word[0].length : i;
  const total = matchAt(TOTAL, s, at);
  if (total) {
    const end = at + total[0].length;
    const head: Head = { kind: 'sum', total: Number(total[0]), marked: word !== null };
    const marker = matchAt(MARKER, s, end);
    if (marker) return { head: { ...head, marked: true }, amountAt: end + marker[0].length, end: end + marker[0].length };
    if (s[end] === ' ' && (matchAt(AMOUNT, s, end + 1) || matchAt(ALL_IN, s, end + 1))) return { head, amountAt: end + 1, end };
    return { head, amountAt: null, end };
  }
  let end = i;
  while (end < s.length && CLASS_CHARS.has(s[end]!)) end++;
  if (end > i) return { head: { kind: 'fragment' }, amountAt: end, end };
  return null;
}

/** The amount at `i`: cents, bad (zero, too long, more than two decimals), all-in, or missing. */
function amountAt(s: string, i: number): { amount: Amount; end: number } | null {
  const allIn = matchAt(ALL_IN, s, i);
  if (allIn) return { amount: { kind: 'allIn' }, end: i + allIn[0].length };
  const m = matchAt(AMOUNT, s, i);
  if (!m) return null;
  let end = i + m[0].length;
  const unit = matchAt(UNIT, s, end);
  if (unit) end += unit[0].length;
  const units = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = m[2] ?? '';
  if (units.length > MAX_AMOUNT_DIGITS || fraction.length > 2) return { amount: { kind: 'bad' }, end };
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return { amount: cents > 0 ? { kind: 'cents', cents } : { kind: 'bad' }, end };
}

/** The message as bet items, or null when some part of it is not bet grammar. */
function itemsOf(s: string): Item[] | null {
  const items: Item[] = [];
  let i = 0;
  for (;;) {
    const sep = matchAt(SEPARATORS, s, i);
    if (sep) i += sep[0].length;
    if (i >= s.length) return items;
    const start = i;
    const head = headAt(s, i);
    if (!head) return null;
    let amount: Amount = { kind: 'missing' };
    i = head.end;
    if (head.amountAt !== null) {
      const read = amountAt(s, head.amountAt);
      if (read) {
        amount = read.amount;
        i = read.end;
      }
    }
    items.push({ head: head.head, amount, text: s.slice(start, i).trim().normalize('NFC') });
  }
}

function problemOf(item: Item): BetTextReason | null {
  const h = item.head;
  if (h.kind === 'fragment' || (h.kind === 'sum' && !(h.total >= 0 && h.total <= MAX_TOTAL))) return BET_TEXT_REASONS.unknownClass;
  if (item.amount.kind === 'missing') return BET_TEXT_REASONS.missingAmount;
  if (item.amount.kind === 'bad') return BET_TEXT_REASONS.badAmount;
  return null;
}

/**
 * Reads one chat message. `bets` when every part of it is a well-written bet (in the order typed,
 * not merged); `command` for the chat's commands (`取消`, `梭哈`, `查` …, or an all-in word in place
 * of an amount); `refused` when it is written as bets but one is wrong — a class that does not
 * exist, a missing or malformed amount — naming the first wrong part; `chat` for anything else.
 * Two bare numbers that are no bet (`30 20`) and a lone number (`666`) are chat, not refused.
 */
export function parseBetMessage(text: string): BetMessage {
  const s = normalizeBetText(text);
  if (s === '') return { kind: 'chat' };
  const command = COMMAND_MATCHERS.find((c) => c.re.test(s));
  if (command) return { kind: 'command', command: command.value };
  const items = itemsOf(s);
  if (!items || items.length === 0) return { kind: 'chat' };
  const written = items.some((it) => it.head.kind !== 'sum' || it.head.marked || problemOf(it) === null);
  if (!written) return { kind: 'chat' };
  if (items.some((it) => it.amount.kind === 'allIn')) return { kind: 'command', command: 'allIn' };
  for (const it of items) {
    const reason = problemOf(it);
    if (reason) return { kind: 'refused', reason, near: it.text };
  }
  return {
    kind: 'bets',
    bets: items.map((it) => ({
      classId: it.head.kind === 'class' ? it.head.classId : SUM_CLASS_BASE + (it.head as { total: number }).total,
      amountCents: (it.amount as { cents: Cents }).cents,
    })),
  };
}
