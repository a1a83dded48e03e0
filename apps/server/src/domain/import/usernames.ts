/**
 * The names players sign in with. A source username is kept when our sign-in accepts it as it is — it
 * matches our username rule (a letter, then 3–19 letters, digits or underscores) and no other account,
 * ours or imported before it, has it but for case. Otherwise the player is renamed, never merged:
 *   the letters, digits and underscores of the old name (NFKC), "u" in front when it does not start with
 *   a letter, cut so the whole fits 20 characters, then "_" and the player's source id
 *   (e.g. "很长的名字abc" id 7 → "abc_7", "Alice" after "alice" id 12 → "Alice_12");
 *   "pc" when nothing of the old name is left (or added when the name would be shorter than 4); "_1", "_2" …
 *   after that in the unlikely case it is taken too.
 * The lowest source id keeps a name two source players share but for case. The old name keeps working at
 * sign-in (domain/accounts/signIn.ts), and the player is told the new one there.
 */
import { USERNAME_MAX, USERNAME_RE } from '@lucky28/shared';

export function renamedFrom(sourceName: string, sourceId: number, taken: (lowerName: string) => boolean): string {
  const suffix = `_${sourceId}`;
  let stem = sourceName.normalize('NFKC').replace(/[^A-Za-z0-9_]/g, '');
  if (stem === '') stem = 'pc';
  if (!/^[A-Za-z]/.test(stem)) stem = `u${stem}`;
  if (stem.length + suffix.length < 4) stem = `${stem}pc`;
  for (let n = 0; ; n++) {
    const tail = n === 0 ? suffix : `${suffix}_${n}`;
    const candidate = `${stem.slice(0, USERNAME_MAX - tail.length)}${tail}`;
    if (USERNAME_RE.test(candidate) && !taken(candidate.toLowerCase())) return candidate;
  }
}

/** The name this player gets here: the source's own when it is acceptable and free, else the renamed one. */
export function nameFor(sourceName: string, sourceId: number, taken: (lowerName: string) => boolean): { username: string; renamed: boolean } {
  if (USERNAME_RE.test(sourceName) && !taken(sourceName.toLowerCase())) return { username: sourceName, renamed: false };
  return { username: renamedFrom(sourceName, sourceId, taken), renamed: true };
}
