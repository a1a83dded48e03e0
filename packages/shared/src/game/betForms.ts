/**
 * The words of the bet grammar (docs/bet-grammar.md): how each bet class, a total, an amount and the
 * chat's commands are written in the four languages and the market's shorthand. The parser
 * (`betGrammar.ts`), the rules pages and the doc all read these tables, so they cannot disagree.
 *
 * Forms are written as a player types them. The parser reads a message in NFKC (full-width digits and
 * letters are the ordinary ones) and lower case; a Vietnamese form may be typed with or without its
 * diacritics (`tài`, `tai`), a pinyin or English form only without (`số` is not `so`). A space inside
 * a form may be typed as a space, a hyphen or nothing (`big odd`, `big-odd`, `bigodd`).
 */
import { BetClass } from './betClasses.js';

/** The languages of the grammar's tables: simplified and traditional Chinese (with pinyin), English, Vietnamese. */
export type GrammarLang = 'zh' | 'tw' | 'en' | 'vi';
export const GRAMMAR_LANGS: readonly GrammarLang[] = ['zh', 'tw', 'en', 'vi'];

export interface ClassForms {
  classId: number;
  /** Simplified Chinese, the class's name first. */
  zh: readonly string[];
  /** Traditional Chinese, the class's name first. */
  tw: readonly string[];
  /** Pinyin, full then shorthand (shown with both Chinese tables). */
  pinyin: readonly string[];
  /** English, the class's name first. */
  en: readonly string[];
  /** Vietnamese, the class's name first, then the market's tài/xỉu forms. */
  vi: readonly string[];
}

/** Every base class and how it may be written. Each form names exactly one class (tested). */
export const CLASS_FORMS: readonly ClassForms[] = [
  { classId: BetClass.BIG, zh: ['大'], tw: ['大'], pinyin: ['da', 'd'], en: ['big'], vi: ['lớn', 'tài', 't'] },
  { classId: BetClass.SMALL, zh: ['小'], tw: ['小'], pinyin: ['xiao', 'x'], en: ['small'], vi: ['nhỏ', 'xỉu', 'x'] },
  { classId: BetClass.ODD, zh: ['单'], tw: ['單'], pinyin: ['dan'], en: ['odd'], vi: ['lẻ'] },
  { classId: BetClass.EVEN, zh: ['双'], tw: ['雙'], pinyin: ['shuang', 's'], en: ['even'], vi: ['chẵn'] },
  { classId: BetClass.BIG_ODD, zh: ['大单'], tw: ['大單'], pinyin: ['dadan', 'dd'], en: ['big odd'], vi: ['lớn lẻ', 'tài lẻ', 'tl'] },
  { classId: BetClass.SMALL_ODD, zh: ['小单'], tw: ['小單'], pinyin: ['xiaodan', 'xd'], en: ['small odd'], vi: ['nhỏ lẻ', 'xỉu lẻ', 'xl'] },
  { classId: BetClass.BIG_EVEN, zh: ['大双'], tw: ['大雙'], pinyin: ['dashuang', 'ds'], en: ['big even'], vi: ['lớn chẵn', 'tài chẵn', 'tc'] },
  { classId: BetClass.SMALL_EVEN, zh: ['小双'], tw: ['小雙'], pinyin: ['xiaoshuang', 'xs'], en: ['small even'], vi: ['nhỏ chẵn', 'xỉu chẵn', 'xc'] },
  { classId: BetClass.EXTREME_BIG, zh: ['极大'], tw: ['極大'], pinyin: ['jida', 'jd'], en: ['extreme big'], vi: ['cực lớn', 'cực tài'] },
  { classId: BetClass.EXTREME_SMALL, zh: ['极小'], tw: ['極小'], pinyin: ['jixiao', 'jx'], en: ['extreme small'], vi: ['cực nhỏ', 'cực xỉu'] },
  { classId: BetClass.TRIPLE, zh: ['豹子'], tw: ['豹子'], pinyin: ['baozi', 'bz'], en: ['three of a kind', 'triple'], vi: ['bộ ba'] },
  { classId: BetClass.STRAIGHT, zh: ['顺子'], tw: ['順子'], pinyin: ['shunzi', 'sz'], en: ['straight'], vi: ['sảnh'] },
  { classId: BetClass.PAIR, zh: ['对子'], tw: ['對子'], pinyin: ['duizi', 'dz'], en: ['pair'], vi: ['đôi'] },
];

/** The forms of one class in one language's table (Chinese tables with their pinyin). */
export function formsIn(forms: ClassForms, lang: GrammarLang): readonly string[] {
  if (lang === 'zh') return [...forms.zh, ...forms.pinyin];
  if (lang === 'tw') return [...forms.tw, ...forms.pinyin];
  return forms[lang];
}

/**
 * An exact total N (0–27) is the number itself, then a space or a marker, then the amount:
 * `13 20`, `13点20`, `13/20`; it may be preceded by the exact-sum class's name (`和值13 20`, `sum 13 20`).
 */
export const SUM_WORDS: Readonly<Record<GrammarLang, readonly string[]>> = {
  zh: ['和值'],
  tw: ['和值'],
  en: ['sum', 'total'],
  vi: ['tổng'],
};

/** The ways `amount` u on `total` may be written in `lang`'s table: `13 20`, with each marker, after each name of the sum. */
export function totalFormsIn(lang: GrammarLang, total = 13, amount = 20): string[] {
  return [
    `${total} ${amount}`,
    ...SUM_MARKERS[lang].map((m) => `${total}${m}${amount}`),
    ...SUM_WORDS[lang].map((w) => `${w}${/\p{Script=Han}$/u.test(w) ? '' : ' '}${total} ${amount}`),
  ];
}

/** Between a total and its amount, instead of (or around) the space. */
export const SUM_MARKERS: Readonly<Record<GrammarLang, readonly string[]>> = {
  zh: ['点', '/'],
  tw: ['點', '/'],
  en: ['/'],
  vi: ['/'],
};

/** Optional after an amount; every amount is in u whatever the unit says. */
export const AMOUNT_UNITS: Readonly<Record<GrammarLang, readonly string[]>> = {
  zh: ['u', '元', '块'],
  tw: ['u', '元', '塊'],
  en: ['u'],
  vi: ['u'],
};

/** Between two bets of one message (or nothing, when the next bet starts with a Chinese character). */
export const BET_SEPARATORS: readonly string[] = [' ', ',', '、', ';'];

/** The amount of a bet is at most this many digits before the point (limits are the room's, not the grammar's). */
export const MAX_AMOUNT_DIGITS = 9;

export type ChatCommand = 'cancel' | 'allIn' | 'balance';

/**
 * Messages the chat answers instead of betting (DESIGN: a placed bet stands, there is no all-in):
 * the whole message is one of these. An all-in word in place of an amount (`大梭哈`) is the all-in command too.
 */
export const COMMAND_FORMS: Readonly<Record<ChatCommand, Readonly<Record<GrammarLang, readonly string[]>>>> = {
  cancel: { zh: ['取消', '撤单'], tw: ['取消', '撤單'], en: ['cancel'], vi: ['hủy', 'hủy cược'] },
  allIn: { zh: ['梭哈'], tw: ['梭哈'], en: ['all in'], vi: ['tất tay'] },
  balance: { zh: ['查', '余额', '查余额'], tw: ['查', '餘額', '查餘額'], en: ['balance', 'bal'], vi: ['số dư'] },
};
