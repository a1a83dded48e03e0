import type { FastifyInstance } from 'fastify';
import { api, formatMoney, formatRate } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { findUserById } from '../../domain/accounts/users.js';
import { depositDetails, depositTerms, pendingDeposits, requestDeposit } from '../../domain/wallet/deposits.js';
import { idempotencyClaim, idempotent, saveAnswer } from '../../domain/idempotency.js';
import { inTransaction } from '../../db/transaction.js';

/** Deposits: the operator's details and terms with the caller's requests awaiting review (user/recharge), and the request itself (user/depositRequest). */
export default async function depositRoutes(app: FastifyInstance) {
  serve(app, api.wallet.recharge, {}, async (request, reply) => {
    const user = await findUserById(app.db, request.user!.userId);
    if (!user) throw new AppError('err.not_found');
    const [details, terms, pending] = await Promise.all([depositDetails(app.db), depositTerms(app.db), pendingDeposits(app.db, user.id)]);
    return reply.ok({
      money: formatMoney(user.money),
      score: formatMoney(user.score),
      balance: formatMoney(user.money + user.score),
      ...details,
      usdt_rate: terms.usdtRate === null ? null : formatRate(terms.usdtRate),
      bank_currency: terms.bankCurrency,
      bank_rate: terms.bankRate === null ? null : formatRate(terms.bankRate),
      min_deposit: formatMoney(terms.minDeposit),
      max_deposit: formatMoney(terms.maxDeposit),
      pending: pending.map((d) => ({ id: d.id, money: formatMoney(d.amount), channel: d.channel, createtime: Math.floor(d.createdAt.getTime() / 1000) })),
    });
  });

  /**
   * A deposit request with its amount, channel and screenshot (from common/upload or
   * user/uploadRechargeScreenshot): pending until an operator approves or rejects it.
   * An Idempotency-Key header makes a retried request create one deposit only (the same key with
   * another request is refused).
   */
  serve(app, api.wallet.depositRequest, { commitsPlayerWrite: true }, async (request, reply) => {
    const body = request.body;
    const userId = request.user!.userId;
    const now = app.clock.now();
    const claim = idempotencyClaim({ headers: request.headers, params: body, userId, operation: 'deposit' });
    const { answer } = await idempotent(app.db, claim, async () => {
      return inTransaction(app.db, async (tx) => {
        const created = await requestDeposit(tx, {
          userId,
          amount: body.money,
          channel: body.channel,
          screenshot: body.screenshot,
          now,
          timeZone: app.config.timeZone,
        });
        const data = { id: created.id, money: formatMoney(body.money), channel: body.channel, status: 0 };
        await saveAnswer(tx, claim, data, now);
        return data;
      });
    });
    return reply.ok(answer, 'msg.deposit_submitted');
  });
}
