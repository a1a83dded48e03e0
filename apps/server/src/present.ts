/** Presentation helpers shared by the lottery, fair and order routes. */
import { betClass, formatMoney, translate, type ApiLang, type Digits } from '@lucky28/shared';

/** The shared rule (the accepted-bets list's canonical form uses it too): "alice" → "a***e". */
export { maskNickname } from '@lucky28/shared';

export function className(lang: ApiLang, classId: number): string {
  const c = betClass(classId);
  if (!c) return String(classId);
  return c.kind === 'sum' ? translate(lang, c.nameKey, { n: c.sum ?? 0 }) : translate(lang, c.nameKey);
}

export const gameName = (lang: ApiLang, gameId: number): string => translate(lang, `game.${gameId}`);

/** "3 5 7 15": the three digits and the total, split on whitespace by the bet detail screen. */
export const lotteryCode = (digits: Digits, total: number): string => `${digits[0]} ${digits[1]} ${digits[2]} ${total}`;

/** "3+5+7=15". */
export const drawExpression = (digits: Digits, total: number): string => `${digits[0]}+${digits[1]}+${digits[2]}=${total}`;

export const money = formatMoney;

/** Whole seconds from `now` until `at`, never negative. */
export const secondsUntil = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / 1000));
