import type { FastifyInstance } from 'fastify';
import { MIN_WITHDRAW_CENTS, formatMoney, optionalText } from '@lucky28/shared';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { input, parseInput } from '../../http/input.js';
import { findUserById } from '../../domain/accounts/users.js';
import { verifySecurityCode } from '../../domain/accounts/securityCode.js';
import { payAccountsOf, presentPayAccount } from '../user/payInfo.js';
import { amountField } from '../../domain/wallet/schemas.js';
import { requestWithdrawal } from '../../domain/wallet/withdrawals.js';
import { idempotencyClaim, idempotent, saveAnswer } from '../../domain/idempotency.js';
import { queryRows } from '../../db/query.js';
import { sql } from 'drizzle-orm';

const typeSchema = z.object({
  type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.coerce.number({ error: 'err.pay_type_invalid' }).pipe(z.union([z.literal(0), z.literal(1)], { error: 'err.pay_type_invalid' })),
  ),
});
const amountSchema = z.object({ money: amountField('err.amount_required') });
const codeSchema = z.object({ securityCode: optionalText() });

/** Withdrawals: user/withdrawInfo and user/withdrawAction (spec §4 withdraw flow, §5 checks). */
export default async function withdrawRoutes(app: FastifyInstance) {
  app.post('/api/user/withdrawInfo', { preHandler: app.requireMember }, async (request, reply) => {
    const user = await findUserById(app.db, request.user!.userId);
    if (!user) throw new AppError('err.not_found');
    const accounts = await payAccountsOf(app.db, user.id);
    const bank = accounts.find((a) => a.type === 0);
    const wallet = accounts.find((a) => a.type === 1);
    return reply.ok({
      money: formatMoney(user.money),
      score: formatMoney(user.score),
      /** [0] bank card, [1] wallet (null when that one is not bound); empty when neither is. */
      pay_list: bank || wallet ? [bank ? presentPayAccount(bank) : null, wallet ? presentPayAccount(wallet) : null] : [],
      isTrue: user.securityCodeHash !== null,
      has_idcard: Boolean(user.idcard),
      min_withdraw: formatMoney(MIN_WITHDRAW_CENTS),
    });
  });

  /**
   * The checks of spec §5 in order (ID info, payout account, security code set, amount, minimum),
   * then the security code on the server (with the shared lockout), then, in one transaction: one
   * pending withdrawal at most, the amount debited into a pending ledger row.
   */
  app.post(
    '/api/user/withdrawAction',
    { preHandler: app.requireMember, config: { rateLimit: app.rateLimits.secret } },
    async (request, reply) => {
      const userId = request.user!.userId;
      const now = app.clock.now();
      // The security code is a secret: never part of the fingerprint. A retry with the same key is
      // answered the first result even after the checks below would now refuse it (e.g. pending).
      const claim = idempotencyClaim({
        headers: request.headers,
        params: input(request),
        userId,
        operation: 'withdraw',
        secrets: ['securityCode'],
      });
      const { answer } = await idempotent(app.db, claim, async () => {
        const user = await findUserById(app.db, userId);
        if (!user) throw new AppError('err.not_found');
        if (!user.idcard) throw new AppError('err.withdraw_need_idcard', { field: 'idcard' });
        const { type } = parseInput(typeSchema, request);
        const account = (await payAccountsOf(app.db, userId)).find((a) => a.type === type);
        if (!account) throw new AppError(type === 0 ? 'err.withdraw_need_bank' : 'err.withdraw_need_wallet', { field: 'type' });
        if (!user.securityCodeHash) throw new AppError('err.security_code_not_set', { field: 'securityCode' });
        const { money: amount } = parseInput(amountSchema, request);
        if (amount < MIN_WITHDRAW_CENTS) {
          throw new AppError('err.withdraw_min', { field: 'money', params: { min: formatMoney(MIN_WITHDRAW_CENTS) } });
        }
        // Refuse what cannot succeed before a security-code attempt is spent on it.
        const [pending] = await queryRows<{ n: number }>(app.db, sql`
          select count(*)::int as n from withdrawals where user_id = ${userId} and status = 0`);
        if (Number(pending?.n ?? 0) > 0) throw new AppError('err.withdraw_pending');
        if (user.money < amount) throw new AppError('err.insufficient_balance', { field: 'money' });
        const { securityCode } = parseInput(codeSchema, request);
        // Outside the transaction: a wrong code's counted attempt must survive the refusal.
        await verifySecurityCode(app.db, user, securityCode, now, {
          missing: 'err.security_code_required',
          wrong: 'err.security_code_wrong',
          field: 'securityCode',
        });
        return app.db.transaction(async (tx) => {
          const created = await requestWithdrawal(tx, {
            userId,
            amount,
            account: { type, acc: account.acc, acc_name: account.accName, acc_bank: account.accBank, mark: account.mark },
            now,
          });
          const data = { id: created.id, money: formatMoney(amount), type, status: 0, over: formatMoney(created.over) };
          await saveAnswer(tx, claim, data, now);
          return data;
        });
      });
      return reply.ok(answer, 'msg.withdraw_submitted');
    },
  );
}
