import type { MessageKey } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { LOGIN_LOCKOUT, withLockout } from '../security/lockout.js';
import { verifySecret } from '../security/passwords.js';
import { findUserById, type UserRow } from './users.js';

/**
 * A signed-in player's own password, re-typed to confirm an action (changing the password, a
 * self-exclusion). The lockout key is the user alone, shared by every such confirmation: a stolen
 * session gets the same few attempts whichever call it uses and from whichever address.
 */
export async function confirmPassword(db: DbOrTx, userId: number, password: string, now: number, wrong: { key: MessageKey; field: string }): Promise<UserRow> {
  return withLockout(db, `password:${userId}`, LOGIN_LOCKOUT, new Date(now), async () => {
    const found = await findUserById(db, userId);
    if (!found) throw new AppError('err.not_found');
    if (!(await verifySecret(found.passwordHash, password))) throw new AppError(wrong.key, { field: wrong.field });
    return found;
  });
}
