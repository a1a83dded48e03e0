import type { FastifyInstance } from 'fastify';
import { amountField, api, formatMoney } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { parseValue } from '../../http/input.js';
import { findUserById } from '../../domain/accounts/users.js';
import { verifySecurityCode } from '../../domain/accounts/securityCode.js';
import { payAccountsOf, presentPayAccount } from '../../domain/accounts/payAccounts.js';
import { hasPendingWithdrawal, pendingWithdrawal, requestWithdrawal } from '../../domain/wallet/withdrawals.js';
import { readSiteSettings } from '../../domain/settings/siteSettings.js';
import { idempotencyClaim, idempotent, saveAnswer } from '../../domain/idempotency.js';
import { inTransaction } from '../../db/transaction.js';
import { refuseWithdrawalWhileWagering } from '../../domain/rewards/playerCampaigns.js';
import { lockPlayer } from '../../domain/lockOrder.js';

const amount = amountField('err.amount_required');

/** Withdrawals: user/withdrawInfo and user/withdrawAction (the withdraw flow and its checks: docs/product.md#states-and-transitions, #validation-rules). */
export default async function withdrawRoutes(app: FastifyInstance) {
  serve(app, api.wallet.withdrawInfo, {}, async (request, reply) => {
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
      min_withdraw: formatMoney((await readSiteSettings(app.db)).minWithdraw),
      pending: await pendingWithdrawal(app.db, user.id),
    });
  });

  /**
   * The checks of docs/product.md#validation-rules in order (ID info, payout account, security code set, amount, minimum),
   * then the security code on the server (with the shared lockout), then, in one transaction: one
   * pending withdrawal at most, the amount debited into a pending ledger row.
   */
  serve(app, api.wallet.withdrawAction, { commitsPlayerWrite: true, config: { rateLimit: app.rateLimits.secret } }, async (request, reply) => {
    const body = request.body;
    const userId = request.user!.userId;
    const now = app.clock.now();
    // The security code is a secret: never part of the fingerprint. A retry with the same key is
    // answered the first result even after the checks below would now refuse it (e.g. pending).
    const claim = idempotencyClaim({ headers: request.headers, params: body, userId, operation: 'withdraw', secrets: ['securityCode'] });
    const { answer } = await idempotent(app.db, claim, async () => {
      const user = await findUserById(app.db, userId);
      if (!user) throw new AppError('err.not_found');
      if (!user.idcard) throw new AppError('err.withdraw_need_idcard', { field: 'idcard' });
      const type = body.type ?? 0;
      if (type !== 0 && type !== 1) throw new AppError('err.pay_type_invalid', { field: 'type' });
      const account = (await payAccountsOf(app.db, userId)).find((a) => a.type === type);
      if (!account) throw new AppError(type === 0 ? 'err.withdraw_need_bank' : 'err.withdraw_need_wallet', { field: 'type' });
      if (!user.securityCodeHash) throw new AppError('err.security_code_not_set', { field: 'securityCode' });
      const cents = parseValue(amount, body.money, 'money');
      const { minWithdraw } = await readSiteSettings(app.db);
      if (cents < minWithdraw) {
        throw new AppError('err.withdraw_min', { field: 'money', params: { min: formatMoney(minWithdraw) } });
      }
      // Refuse what cannot succeed before a security-code attempt is spent on it.
      if (await hasPendingWithdrawal(app.db, userId)) throw new AppError('err.withdraw_pending');
      if (user.money < cents) throw new AppError('err.withdraw_insufficient', { field: 'money' });
      // A first-deposit bonus still being wagered holds withdrawals back, saying what is left to stake
      // (asked here too so a refused withdrawal spends no security-code attempt; the check that
      // counts is the one in the transaction below).
      await refuseWithdrawalWhileWagering(app.db, userId);
      // Outside the transaction: a wrong code's counted attempt must survive the refusal.
      await verifySecurityCode(app.db, user, body.securityCode, now, {
        missing: 'err.security_code_required',
        wrong: 'err.security_code_wrong',
        field: 'securityCode',
      });
      return inTransaction(app.db, async (tx) => {
        // The lock order (domain/lockOrder.ts): the player's row first, then the bonus checked under
        // it, as the bonus grant checks withdrawals under it — a withdrawal and a grant at the same
        // moment cannot both go through.
        if (!(await lockPlayer(tx, userId))) throw new AppError('err.not_found');
        await refuseWithdrawalWhileWagering(tx, userId);
        const created = await requestWithdrawal(tx, {
          userId,
          amount: cents,
          account: { type, acc: account.acc, acc_name: account.accName, acc_bank: account.accBank, mark: account.mark },
          now,
        });
        const data = { id: created.id, money: formatMoney(cents), type, status: 0, over: formatMoney(created.over) };
        await saveAnswer(tx, claim, data, now);
        return data;
      });
    });
    return reply.ok(answer, 'msg.withdraw_submitted');
  });
}
