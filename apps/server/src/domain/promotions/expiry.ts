/**
 * Closing the packets whose window has passed (housekeeping, every node, any number of times): each one,
 * under its row lock and only while still open, gives back what was not claimed to the budget (one
 * 'return' movement, unique per packet), records the claim sequence's hash and posts its close in the
 * room. A claim racing the close waits at the same lock and then finds the packet expired.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { inTransaction } from '../../db/transaction.js';
import type { ChatLine } from '../chat/messages.js';
import { moveBudget } from './budget.js';
import { claimsHashOf, claimsOf, findPacket } from './packets.js';
import { storePacketPost } from './posts.js';

/** Closes every packet past its window; answers what was closed (id and amount returned) and the posts written. */
export async function closeExpiredPackets(db: Db, now: number): Promise<{ closed: { id: number; returned: number }[]; lines: ChatLine[] }> {
  const due = await queryRows<{ id: string }>(
    db,
    sql`select id::text from red_packets where closed_at is null and closes_at <= ${new Date(now).toISOString()} order by id limit 500`,
  );
  const closed: { id: number; returned: number }[] = [];
  const lines: ChatLine[] = [];
  for (const { id } of due) {
    const done = await inTransaction(db, async (tx) => {
      const packet = await findPacket(tx, Number(id), true);
      if (!packet || packet.closedAt !== null || packet.closesAt > now) return null;
      const rest = packet.total - packet.paid;
      if (rest > 0) await moveBudget(tx, { kind: 'return', amount: rest, packetId: packet.id, now });
      const hash = claimsHashOf(packet, await claimsOf(tx, packet.id));
      await tx.execute(
        sql`update red_packets set closed_at = ${new Date(now).toISOString()}, returned = ${rest}, claims_hash = ${hash} where id = ${packet.id}`,
      );
      const line = await storePacketPost(tx, { roomId: packet.roomId, packetId: packet.id, step: 'closed', key: 'chat.packet.closed', params: {}, now });
      return { id: packet.id, returned: rest, line };
    });
    if (!done) continue;
    closed.push({ id: done.id, returned: done.returned });
    if (done.line) lines.push(done.line);
  }
  return { closed, lines };
}
