import type { FastifyInstance } from 'fastify';
import { api, formatMoney } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { adjustApprovalAbove } from '../../domain/settings/siteSettings.js';
import { approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment, type AdjustmentOutcome } from '../../domain/wallet/adjustments.js';
import { audited } from './audited.js';

const answerOf = (o: AdjustmentOutcome) => ({ id: o.id, status: o.status, ledger_id: o.ledgerId, balance: formatMoney(o.over) });

/**
 * Balance adjustments with four eyes (docs/design.md#balance-adjustments): finance asks, a second
 * operator approves or rejects what is above the settings' amount. Each change and its audit row are
 * one transaction.
 */
export default async function adminAdjustmentRoutes(app: FastifyInstance) {
  serve(app, api.admin.userAdjust, {}, async (request, reply) => {
    const { id, direction, amount, wallet, reason_code, public_text, note, gift_ledger_id } = request.body;
    const signed = direction === 'debit' ? -amount : amount;
    const made = await audited(app, request, async (tx, record, a) => {
      const outcome = await requestAdjustment(tx, {
        userId: id,
        amount: signed,
        wallet,
        reasonCode: reason_code,
        publicText: public_text,
        note,
        giftLedgerId: gift_ledger_id,
        operatorId: a.operatorId,
        approvalAbove: await adjustApprovalAbove(tx),
        now: a.at,
      });
      await record({
        action: 'user.adjust',
        targetType: 'user',
        targetId: id,
        detail: { adjustment_id: outcome.id, amount: formatMoney(signed), wallet, reason_code, public_text, note, gift_ledger_id, status: outcome.status },
      });
      return outcome;
    });
    app.game.balances.forget(id);
    return reply.ok(answerOf(made), made.status === 0 ? 'msg.adjust_pending' : 'msg.adjust_applied');
  });

  serve(app, api.admin.adjustmentList, {}, async (request, reply) => {
    const { status, user_id, page = 1, limit = 50 } = request.body;
    const list = await listAdjustments(app.db, { status, userId: user_id, page, limit });
    return reply.ok({ ...list, approval_above: formatMoney(await adjustApprovalAbove(app.db)) });
  });

  serve(app, api.admin.adjustmentApprove, {}, async (request, reply) => {
    const { id } = request.body;
    const outcome = await audited(app, request, async (tx, record, a) => {
      const outcome = await approveAdjustment(tx, { id, operatorId: a.operatorId, now: a.at });
      await record({ action: 'adjustment.approve', targetType: 'adjustment', targetId: id, detail: { ledger_id: outcome.ledgerId } });
      return outcome;
    });
    app.game.balances.forget(outcome.userId);
    return reply.ok(answerOf(outcome), 'msg.adjust_applied');
  });

  serve(app, api.admin.adjustmentReject, {}, async (request, reply) => {
    const { id, reason } = request.body;
    const outcome = await audited(app, request, async (tx, record, a) => {
      const outcome = await rejectAdjustment(tx, { id, operatorId: a.operatorId, now: a.at, reason });
      await record({ action: 'adjustment.reject', targetType: 'adjustment', targetId: id, detail: { reason } });
      return outcome;
    });
    app.game.balances.forget(outcome.userId);
    return reply.ok(answerOf(outcome), 'msg.set_success');
  });
}
