/**
 * Passwords of players brought from the previous product, which stored md5(md5(password) . salt) (hex)
 * with a 6-character salt. We never keep that md5 as it is: the importer stores argon2id over it,
 * `pc28$<salt>$<argon2id(md5(md5(password) . salt))>`, so a player who never signs in here is protected
 * as well as any of ours (guessing means an argon2id per guess, not an md5). The first sign-in checks the
 * typed password through the same md5 steps and argon2id; on success the account gets an argon2id hash
 * of the password itself at once and the legacy value is gone (domain/accounts/signIn.ts).
 */
import { createHash } from 'node:crypto';
import { verifySecret } from './passwords.js';

export const LEGACY_PREFIX = 'pc28$';

export const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** The previous product's own hash of a password. */
export const legacyHashOf = (password: string, salt: string) => md5Hex(md5Hex(password) + salt);

export const isLegacyHash = (stored: string) => stored.startsWith(LEGACY_PREFIX);

/** The stored form, from the salt and the argon2id hash of the source's md5 value. */
export const legacyStored = (salt: string, argonOfMd5: string) => `${LEGACY_PREFIX}${salt}$${argonOfMd5}`;

/** Whether `candidate` is the password a legacy stored value was made from. */
export async function verifyLegacy(stored: string, candidate: string): Promise<boolean> {
  const rest = stored.slice(LEGACY_PREFIX.length);
  const cut = rest.indexOf('$');
  if (cut < 0) return false;
  return verifySecret(rest.slice(cut + 1), legacyHashOf(candidate, rest.slice(0, cut)));
}

/** A password check for any account: argon2id, or the legacy steps for an imported one not yet signed in. */
export const verifyPassword = (stored: string, candidate: string): Promise<boolean> =>
  isLegacyHash(stored) ? verifyLegacy(stored, candidate) : verifySecret(stored, candidate);
