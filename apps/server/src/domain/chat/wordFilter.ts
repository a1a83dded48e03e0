/**
 * The chat's content filter (docs/chat.md#moderation), pure: links and contact handles — the market's
 * recruitment spam — are refused unless the operator allows links (and then only to the allowed
 * domains); an order number pasted to settle a dispute passes; the operator's word list is matched on
 * a folded form of the text, so look-alikes do not slip through (full-width letters, zero-width
 * characters, spaced-out letters, case, a few Cyrillic and Greek doubles of Latin letters).
 */

/** An order number: all digits, this long (domain/betting/request.ts newOrderNo: 13 digits of time, 15 random). */
export const ORDER_NO_LENGTH = 28;

export interface FilterRules {
  /** Words refused anywhere in a message (matched folded). */
  words: readonly string[];
  /** Whether links may be posted at all; refused by default. */
  linksAllowed: boolean;
  /** When links are allowed, only to these domains (and their subdomains); none listed: any. */
  allowedDomains: readonly string[];
}

export const DEFAULT_FILTER_RULES: FilterRules = { words: [], linksAllowed: false, allowedDomains: [] };

/** Why a text is refused: a link, a contact handle, or a listed word. */
export type FilterVerdict = { ok: true } | { ok: false; reason: 'link' | 'contact' | 'word' };

// eslint-disable-next-line no-misleading-character-class -- invisible marks listed one by one on purpose (each is removed alone)
const ZERO_WIDTH = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2060-\u2064\u206A-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;
/** Letters drawn like Latin ones (Cyrillic, Greek): folded to the Latin letter they pass for. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ζ: 'z',
};
/** Dots a link may be written with: the ideographic full stop, and the words 点 / dot between parts. */
const DOTS = /[。｡]|\s*(?:点|\(dot\)|\[dot\])\s*/gu;

/** NFKC (full-width and other compatibility forms), zero-width characters removed, lower case, look-alikes folded. */
export function foldText(text: string): string {
  const nfkc = text.normalize('NFKC').replace(ZERO_WIDTH, '').toLowerCase();
  let out = '';
  for (const ch of nfkc) out += LOOK_ALIKES[ch] ?? ch;
  return out;
}

/** The folded text with everything but letters and digits removed: spaced or dotted letters joined. */
export const compactText = (text: string): string => foldText(text).replace(/[^\p{L}\p{N}]/gu, '');

const URL_SCHEME = /\b(?:https?|ftp|wss?):\/\/|\bwww\./u;
const URL_HOST = /\b(?:https?|ftp|wss?):\/\/([^\s/:?#]+)/gu;
const TLDS = 'com|net|org|cn|io|me|cc|top|xyz|vip|app|co|info|link|site|online|shop|club|tk|ly|gg|tv|hk|tw|vn|ru|uk|us|biz|pro|fun|live|ink|pw|ws|la|im|to|so';
const DOMAIN = new RegExp(`\\b((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS}))\\b`, 'gu');
/** An @handle (a Telegram/Twitter-style account) or an e-mail address. */
const HANDLE = /@[a-z0-9_.]{3,}/u;
/** A word that introduces a contact: QQ, WeChat (and its usual disguises), Telegram, phone. */
const CONTACT_WORD =
  /(?:qq|扣扣|企鹅|微信|威信|薇信|徽信|v信|vx|wx|weixin|wechat|telegram|tg|飞机|电话|手机|tel|whatsapp|zalo|line)\s*(?:号|号码|id)?\s*[:：=]?\s*[a-z0-9_-]{5,}/u;
/** A run of digits, allowing spaces, dashes and dots between them (a phone number written out). */
const DIGIT_RUN = /\d(?:[\s.-]*\d)*/gu;

/** A round's issue: its local date YYYYMMDD and a sequence of 3 or 4 digits (domain/game/roundClock.ts). */
const ISSUE = /^20\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3,4}$/u;
/** Whether a run of digits reads as a round's issue (which a player pastes as often as an order number). */
export const looksLikeIssue = (run: string): boolean => ISSUE.test(run);
/** An order number or a round's issue, written as one run of digits: pasted to settle a dispute, it passes. */
const isReference = (run: string) => /^\d+$/.test(run) && (run.length === ORDER_NO_LENGTH || looksLikeIssue(run));

/** Whether `text` holds a number that reads as a QQ or phone number (7 digits or more), other than an order number or issue. */
function hasContactNumber(folded: string): boolean {
  for (const match of folded.matchAll(DIGIT_RUN)) {
    if (isReference(match[0].trim())) continue;
    const digits = match[0].replace(/\D/g, '');
    if (digits.length >= 7) return true;
  }
  return false;
}

const domainAllowed = (domain: string, allowed: readonly string[]) =>
  allowed.length === 0 || allowed.some((a) => domain === a.toLowerCase() || domain.endsWith(`.${a.toLowerCase()}`));

/** The hosts a text links to: after a scheme, and every name with a known top-level domain. */
function linkedHosts(dotted: string): string[] {
  const afterScheme = [...dotted.matchAll(URL_HOST)].map((m) => m[1]!);
  const named = [...dotted.matchAll(DOMAIN)].map((m) => m[1]!);
  return [...afterScheme, ...named].map((h) => h.replace(/^www\./, ''));
}

/** Whether the text links anywhere the rules do not allow. */
function hasRefusedLink(folded: string, rules: FilterRules): boolean {
  const dotted = folded.replace(DOTS, '.');
  const hosts = linkedHosts(dotted);
  if (!rules.linksAllowed) return URL_SCHEME.test(dotted) || hosts.length > 0;
  return hosts.some((h) => !domainAllowed(h, rules.allowedDomains));
}

/** Judges a message's text against the rules: the first reason it is refused, or ok. */
export function judgeText(text: string, rules: FilterRules = DEFAULT_FILTER_RULES): FilterVerdict {
  const folded = foldText(text);
  if (HANDLE.test(folded) || CONTACT_WORD.test(folded) || hasContactNumber(folded)) return { ok: false, reason: 'contact' };
  if (hasRefusedLink(folded, rules)) return { ok: false, reason: 'link' };
  const compact = compactText(text);
  if (rules.words.some((w) => compactText(w) !== '' && compact.includes(compactText(w)))) return { ok: false, reason: 'word' };
  return { ok: true };
}

/** A word list as the operator saved it: each word trimmed, blank and duplicate (folded) words dropped. */
export function normaliseWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.trim();
    const key = compactText(word);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}
