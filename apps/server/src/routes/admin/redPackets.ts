import type { FastifyInstance } from 'fastify';
import { api, formatMoney } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { audited } from './audited.js';
import { budgetBalance, budgetMovements, moveBudget } from '../../domain/promotions/budget.js';
import { dropPacket, packetPage } from '../../domain/promotions/packets.js';
import { presentAdminPacket } from '../../domain/promotions/present.js';
import { setOperatorLink } from '../../domain/promotions/linkedPlayers.js';
import type { DbOrTx } from '../../db/client.js';

const MINUTE_MS = 60_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** The console's red packets and promotions budget (docs/red-packets.md): every change writes its audit row in the same transaction. */
export default async function adminRedPacketRoutes(app: FastifyInstance) {
  async function budgetAnswer(db: DbOrTx, page = 1, limit = 50) {
    const movements = await budgetMovements(db, { page, limit });
    return {
      balance: formatMoney(await budgetBalance(db)),
      movements: {
        total: movements.total,
        list: movements.list.map((m) => ({
          id: m.id,
          kind: m.kind,
          amount: formatMoney(m.amount),
          balance_after: formatMoney(m.balanceAfter),
          packet_id: m.packetId,
          operator: m.operator,
          note: m.note,
          createtime: seconds(m.createdAt),
        })),
      },
    };
  }

  serve(app, api.redPackets.budget, {}, async (request, reply) => reply.ok(await budgetAnswer(app.db, request.body.page, request.body.limit)));

  serve(app, api.redPackets.budgetTopUp, {}, async (request, reply) => {
    const { amount, note } = request.body;
    const answer = await audited(app, request, async (tx, record, actor) => {
      const moved = await moveBudget(tx, { kind: 'top_up', amount, operatorId: actor.operatorId, note: note ?? '', now: actor.at });
      await record({
        action: 'promotion.budget_top_up',
        targetType: 'promotion_budget',
        targetId: moved.id,
        detail: { amount, balance_after: moved.balanceAfter, note },
      });
      return budgetAnswer(tx);
    });
    return reply.ok(answer, 'msg.budget_topped_up');
  });

  serve(app, api.redPackets.packetDrop, {}, async (request, reply) => {
    const b = request.body;
    const room = app.game.snapshot.rooms.get(b.plan_id);
    if (!room) throw new AppError('err.room_not_found', { field: 'plan_id' });
    const wallet = b.wallet === 'bonus' ? ('score' as const) : ('money' as const);
    if (wallet === 'money' && (b.wager_multiple ?? 0) > 0) throw new AppError('err.red_packet_wager_invalid', { field: 'wager_multiple' });
    if ((b.min_at_risk ?? 0) > 0 !== (b.at_risk_days !== undefined)) throw new AppError('err.red_packet_qualify_invalid', { field: 'at_risk_days' });
    const now = app.clock.now();
    const opensAt = b.opens_at === undefined ? now : b.opens_at * 1000;
    if (opensAt > now + 30 * 24 * 60 * MINUTE_MS) throw new AppError('err.red_packet_window_invalid', { field: 'opens_at' });
    const { packet, line } = await audited(app, request, async (tx, record, actor) => {
      const done = await dropPacket(tx, {
        roomId: room.id,
        total: b.total,
        shares: b.shares,
        wallet,
        wagerMultiple: b.wager_multiple ?? 0,
        minAtRisk: b.min_at_risk ?? 0,
        atRiskDays: b.at_risk_days ?? 0,
        greeting: b.greeting ?? '',
        opensAt,
        closesAt: opensAt + b.window_minutes * MINUTE_MS,
        operatorId: actor.operatorId,
        now: actor.at,
      });
      const { seed: _secret, ...published } = done.packet;
      await record({ action: 'promotion.packet_drop', targetType: 'red_packet', targetId: done.packet.id, detail: { packet: published } });
      return done;
    });
    if (line) app.chatRelay.posted(line);
    return reply.ok(presentAdminPacket(packet, [], app.clock.now()), 'msg.red_packet_dropped');
  });

  serve(app, api.redPackets.packetList, {}, async (request, reply) => {
    const page = request.body.page ?? 1;
    const limit = request.body.limit ?? 20;
    const found = await packetPage(app.db, { page, limit });
    const now = app.clock.now();
    return reply.ok({ total: found.total, list: found.list.map((e) => presentAdminPacket(e.packet, e.claims, now)) });
  });

  serve(app, api.redPackets.linkedPlayer, {}, async (request, reply) => {
    const { user_id: userId, linked, note } = request.body;
    await audited(app, request, async (tx, record, actor) => {
      const changed = await setOperatorLink(tx, { userId, linked, note: note ?? '', operatorId: actor.operatorId, now: actor.at });
      if (changed)
        await record({ action: linked ? 'promotion.player_link' : 'promotion.player_unlink', targetType: 'user', targetId: userId, detail: { note } });
    });
    return reply.ok({ user_id: userId, linked }, 'msg.set_success');
  });
}
