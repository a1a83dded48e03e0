import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { inTransaction } from '../../db/transaction.js';
import { serve } from '../../http/serve.js';
import { findUserById } from '../../domain/accounts/users.js';
import { verifySecurityCode } from '../../domain/accounts/securityCode.js';
import { bindFirstPayAccount, checkHolder, payAccountOf, presentPayAccount, replacePayAccount } from '../../domain/accounts/payAccounts.js';

/** Bank card (type 0) and virtual wallet (type 1) binding. */
export default async function payInfoRoutes(app: FastifyInstance) {
  serve(app, api.user.payInfo, {}, async (request, reply) => {
    const account = await payAccountOf(app.db, request.user!.userId, request.body.type);
    return reply.ok(account ? presentPayAccount(account) : null);
  });

  /**
   * Binds the caller's bank card or wallet. A first one of its type needs nothing more (docs/product.md#account-screens);
   * replacing a bound one needs the security code — a session alone must not redirect the next
   * withdrawal — and tells the player in a station message. A card's holder must be the verified
   * real name where there is one (domain/accounts/payAccounts.ts `checkHolder`).
   */
  serve(app, api.user.setPayInfo, {}, async (request, reply) => {
    const { account, securityCode } = request.body;
    const userId = request.user!.userId;
    const now = app.clock.now();
    // A holder who is not the player is refused before anything else (also before the code is tried).
    await checkHolder(app.db, userId, account);
    if (!(await payAccountOf(app.db, userId, account.type))) {
      const bound = await inTransaction(app.db, (tx) => bindFirstPayAccount(tx, userId, account, now));
      if (bound) return reply.ok(presentPayAccount(bound), 'msg.set_success');
      // Another request bound one in the meantime: this one is a replacement.
    }
    const user = await findUserById(app.db, userId);
    if (!user) throw new AppError('err.not_found');
    if (!user.securityCodeHash) throw new AppError('err.pay_change_code_not_set', { field: 'securityCode' });
    // Outside the transaction: a wrong code's counted attempt must survive the refusal.
    await verifySecurityCode(app.db, user, securityCode, now, {
      missing: 'err.pay_change_code_required',
      wrong: 'err.security_code_wrong',
      field: 'securityCode',
    });
    const replaced = await inTransaction(app.db, (tx) => replacePayAccount(tx, userId, account, now));
    if (!replaced) throw new AppError('err.not_found');
    return reply.ok(presentPayAccount(replaced), 'msg.set_success');
  });
}
