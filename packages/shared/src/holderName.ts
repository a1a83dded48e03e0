/**
 * Whether a bank card's holder is the player's verified real name (issue 42: payouts only to a card in
 * the player's own name), zod-free: the server judges with it and the screens state its rule.
 *
 * The rule: both names are compared after Unicode NFKC normalisation (full-width letters, digits and
 * spaces become their half-width forms), in lower case, with every white space and every middle dot
 * (· • ‧ ・, as in 阿依古丽·买买提) left out. So "张三" matches " 张 三 ", full-width "ＺＨＡＮＧ" matches
 * "Zhang", "ZHANG SAN" matches "ZhangSan"; nothing else is loosened: a different character is a
 * different name (no traditional/simplified mapping, no transliteration).
 */
const IGNORED_RE = /[\s\u00B7\u2022\u2027\u30FB]/gu;

/** The form a name is compared in. */
export const holderNameKey = (name: string): string => name.normalize('NFKC').toLowerCase().replace(IGNORED_RE, '');

/** Whether `holder` and `realName` are the same name under the rule above (an empty one matches nothing). */
export function isSameHolderName(holder: string, realName: string): boolean {
  const key = holderNameKey(holder);
  return key !== '' && key === holderNameKey(realName);
}
