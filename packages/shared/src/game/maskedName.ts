/** "alice" → "a***e", "bo" → "b*": enough to recognise yourself, not to identify others (feeds, chat, the accepted-bets list). */
export function maskNickname(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return `${chars[0] ?? ''}*`;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
