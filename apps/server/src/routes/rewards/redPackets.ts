import type { FastifyInstance } from 'fastify';
import { api, formatMoney } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { claimPacketShare } from '../../domain/promotions/claim.js';
import { claimsOf, openPacketsOfRoom } from '../../domain/promotions/packets.js';
import { presentPacket } from '../../domain/promotions/present.js';

/** A room's red packets and a player's claim (docs/red-packets.md); the rules are domain/promotions/. */
export default async function redPacketRoutes(app: FastifyInstance) {
  serve(app, api.packets.roomPackets, {}, async (request, reply) => {
    const roomId = request.body.plan_id;
    if (!app.game.snapshot.rooms.get(roomId)) throw new AppError('err.room_not_found', { field: 'plan_id' });
    const viewer = (await app.optionalUser(request))?.userId ?? null;
    const now = app.clock.now();
    const packets = await openPacketsOfRoom(app.db, roomId, now);
    const list = await Promise.all(packets.map(async (p) => presentPacket(p, await claimsOf(app.db, p.id), now, viewer)));
    return reply.ok({ list });
  });

  serve(app, api.packets.packetClaim, { commitsPlayerWrite: true }, async (request, reply) => {
    const done = await claimPacketShare(app.db, {
      userId: request.user!.userId,
      packetId: request.body.packet_id,
      now: app.clock.now(),
      timeZone: app.config.timeZone,
      lang: request.lang,
    });
    for (const line of done.lines) app.chatRelay.posted(line);
    const data = {
      packet_id: done.packet.id,
      claim_no: done.claimNo,
      share: formatMoney(done.share),
      wallet: done.packet.wallet === 'score' ? ('bonus' as const) : ('cash' as const),
      wager_required: formatMoney(done.wagerRequired),
      over: formatMoney(done.over),
    };
    return reply.ok(data, 'msg.red_packet_claimed');
  });
}
