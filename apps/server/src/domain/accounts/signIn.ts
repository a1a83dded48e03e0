/**
 * Finding the account a sign-in names and checking its password, for players of ours and players brought
 * from the previous product alike (domain/import/): one path, under the caller's lockout. The account is
 * the one with that username (any case); when its password does not match — or there is none — an
 * imported player whose username on the previous site was exactly that is tried (a renamed player may
 * keep signing in with the old name). A legacy password (domain/security/legacyPassword.ts) is checked
 * through its own steps and replaced by argon2id at the first success (`replaceLegacyPassword`).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { isLegacyHash, verifyPassword } from '../security/legacyPassword.js';
import { dummySecretHash, hashSecret, verifySecret } from '../security/passwords.js';
import { findUserById, findUserByName, type UserRow } from './users.js';

/** The account `account` names whose password is `password`, or undefined (the time taken is the same either way). */
export async function findSignInAccount(db: DbOrTx, account: string, password: string): Promise<UserRow | undefined> {
  const named = await findUserByName(db, account);
  if (named && (await verifyPassword(named.passwordHash, password))) return named;
  const [alias] = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from imported_players where source_username = ${account} and user_id <> ${named?.id ?? 0} limit 1`,
  );
  const imported = alias ? await findUserById(db, alias.user_id) : undefined;
  if (imported) return (await verifyPassword(imported.passwordHash, password)) ? imported : undefined;
  if (!named) await verifySecret(await dummySecretHash(), password);
  return undefined;
}

/** An imported player's state here: whether the move is open to them yet, and the rename to tell at the first sign-in. */
export async function importedAccount(db: DbOrTx, userId: number): Promise<{ open: boolean; renamedFrom: string | null } | undefined> {
  const [row] = await queryRows<{ open: boolean; renamed: boolean; source_username: string; rename_told_at: unknown }>(
    db,
    sql`select open, renamed, source_username, rename_told_at from imported_players where user_id = ${userId}`,
  );
  if (!row) return undefined;
  return { open: row.open, renamedFrom: row.renamed && row.rename_told_at === null ? row.source_username : null };
}

/** After a successful sign-in with a legacy password: argon2id of the password itself replaces it, at once. */
export async function replaceLegacyPassword(tx: DbOrTx, user: UserRow, password: string): Promise<void> {
  if (!isLegacyHash(user.passwordHash)) return;
  const fresh = await hashSecret(password);
  await tx.execute(sql`update users set password_hash = ${fresh} where id = ${user.id} and password_hash = ${user.passwordHash}`);
}

/** The rename has been told (at this sign-in). */
export async function renameTold(tx: DbOrTx, userId: number, now: number): Promise<void> {
  await tx.execute(sql`update imported_players set rename_told_at = ${new Date(now).toISOString()} where user_id = ${userId} and rename_told_at is null`);
}
