import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, formatMoney, type AuditAction } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import type { Tx } from '../../db/client.js';
import { audited, type Actor } from './audited.js';
import { userFiltersOf } from './userFilters.js';
import { findOrder, payAccountInFull, searchUsers, userBetsPage, userDetail, userLedgerPage } from '../../domain/users/directory.js';
import { giftUser, lockUser, oneTimePassword, resetPassword, resetSecurityCode, setFrozen } from '../../domain/users/actions.js';

/**
 * Players as operators see them. Support and finance read; support freezes and resets credentials,
 * finance gifts; revealing a payout account in full is audited like every action.
 */
export default async function adminUserRoutes(app: FastifyInstance) {
  /** A change to player `id` and its audit row (target: that player) in one transaction. */
  const changeUser = <T>(
    request: FastifyRequest,
    id: number,
    change: (tx: Tx, record: (action: AuditAction, detail: Record<string, unknown>) => Promise<void>, actor: Actor) => Promise<T>,
  ) => audited(app, request, (tx, record, actor) => change(tx, (action, detail) => record({ action, targetType: 'user', targetId: id, detail }), actor));

  serve(app, api.admin.userSearch, {}, async (request, reply) => {
    const { page, limit, ...input } = request.body;
    const filters = userFiltersOf(input, app.config.timeZone);
    return reply.ok(await searchUsers(await app.replicaReads.forReport(), filters, app.clock.now(), page, limit));
  });

  /** A bet by its order number, with its player and round. */
  serve(app, api.admin.orderFind, {}, async (request, reply) => {
    const bet = await findOrder(await app.replicaReads.forReport(), request.body.order_no, request.lang);
    if (!bet) throw new AppError('err.order_not_found', { field: 'order_no' });
    return reply.ok(bet);
  });

  serve(app, api.admin.userDetail, {}, async (request, reply) => {
    const { id } = request.body;
    const detail = await userDetail(app.db, id, app.clock.now());
    if (!detail) throw new AppError('err.not_found', { field: 'id' });
    return reply.ok(detail);
  });

  serve(app, api.admin.userLedger, {}, async (request, reply) => {
    const { id, type, page, limit } = request.body;
    return reply.ok(await userLedgerPage(app.db, id, { type, page, limit }));
  });

  serve(app, api.admin.userBets, {}, async (request, reply) => {
    const { id, page, limit } = request.body;
    return reply.ok(await userBetsPage(app.db, id, { lang: request.lang, page, limit }));
  });

  /** A bound payout account in full (type 0 bank card, 1 wallet); the view itself is an audit row. */
  serve(app, api.admin.userRevealAccount, {}, async (request, reply) => {
    const { id, type } = request.body;
    const account = await changeUser(request, id, async (tx, record) => {
      const full = await payAccountInFull(tx, id, type);
      if (!full) throw new AppError('err.not_found', { field: 'type' });
      await record('user.reveal_account', { type });
      return full;
    });
    return reply.ok(account);
  });

  /** Freeze: no sign-in, no bet, no withdrawal, and every session ends now. Unfreeze lifts it. */
  serve(app, api.admin.userFreeze, {}, async (request, reply) => {
    const { id, frozen, reason } = request.body;
    await changeUser(request, id, async (tx, record, a) => {
      const before = await setFrozen(tx, id, frozen);
      if (frozen) await app.sessions.revokeAll(tx, id, a.at);
      await record(frozen ? 'user.freeze' : 'user.unfreeze', { before: { frozen: before }, after: { frozen }, reason });
    });
    return reply.ok({ id, frozen }, 'msg.set_success');
  });

  /** A gift: one type-4 ledger row with the reason, in the same transaction as its audit row. */
  serve(app, api.admin.userGift, {}, async (request, reply) => {
    const { id, amount, wallet, reason } = request.body;
    const posted = await changeUser(request, id, async (tx, record, a) => {
      const row = await giftUser(tx, { userId: id, cents: amount, wallet, reason, operatorId: a.operatorId, now: a.at });
      await record('user.gift', { amount: formatMoney(amount), wallet, reason, ledger_id: row.id });
      return row;
    });
    app.game.balances.forget(id);
    return reply.ok({ ledger_id: posted.id, balance: formatMoney(posted.over) }, 'msg.set_success');
  });

  /** A new one-time password, answered once and never stored in clear; every session of the player ends. */
  serve(app, api.admin.userResetPassword, {}, async (request, reply) => {
    const { id, reason } = request.body;
    const password = oneTimePassword();
    await changeUser(request, id, async (tx, record, a) => {
      const user = await lockUser(tx, id);
      if (user.group_id !== 1) throw new AppError('err.guest_forbidden');
      await resetPassword(tx, id, password);
      await app.sessions.revokeAll(tx, id, a.at);
      await record('user.reset_password', { reason });
    });
    return reply.ok({ password }, 'msg.set_success');
  });

  /** Clears the security code; the player sets a new one in the app. */
  serve(app, api.admin.userResetSecurityCode, {}, async (request, reply) => {
    const { id, reason } = request.body;
    await changeUser(request, id, async (tx, record) => {
      const had = await resetSecurityCode(tx, id);
      await record('user.reset_security_code', { before: { has_security_code: had }, after: { has_security_code: false }, reason });
    });
    return reply.ok(null, 'msg.set_success');
  });
}
