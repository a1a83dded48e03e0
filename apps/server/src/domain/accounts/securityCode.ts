import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { MessageKey } from '@lucky28/shared';
import { verifySecret } from '../security/passwords.js';
import { SECURITY_CODE_LOCKOUT, withLockout } from '../security/lockout.js';

/**
 * Checks a user's security code on the server, with the back-off lockout shared by every place that
 * asks for it (changing the code, withdrawing). Throws a localised error on a wrong or missing code.
 */
export async function verifySecurityCode(
  db: DbOrTx,
  user: { id: number; securityCodeHash: string | null },
  code: string | undefined,
  now: number,
  messages: { missing: MessageKey; wrong: MessageKey; field: string },
): Promise<void> {
  if (!user.securityCodeHash) throw new AppError('err.security_code_not_set');
  if (code === undefined || code === '') throw new AppError(messages.missing, { field: messages.field });
  const key = `safety:${user.id}`;
  const hash = user.securityCodeHash;
  // The attempt is counted before the slow check, so parallel guesses cannot exceed the limit.
  await withLockout(db, key, SECURITY_CODE_LOCKOUT, new Date(now), async () => {
    if (!(await verifySecret(hash, code))) throw new AppError(messages.wrong, { field: messages.field });
  });
}
