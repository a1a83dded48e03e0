/**
 * Claiming a red packet's share (docs/red-packets.md#claiming): in one transaction the player's row locked
 * first, then the packet's (domain/lockOrder.ts); the player must be a member, not frozen, not linked to an
 * operator, not in a time-out or self-exclusion, not opted out of promotions (the rewards' protection
 * check), and qualify; the packet open and not empty. The claim takes the next claim number and that
 * number's share of the split; its row (unique per packet and player, and per packet and number), its
 * type-13 ledger row, the packet's counters and the room's post are written together. Fifty taps at once
 * queue at the packet's lock and each finds the count as the one before left it.
 *
 * Not through rewards/claim.ts: a campaign's claim is one per campaign, player and period, paid an amount
 * the progress reader computes from the player's own play; a packet's is one per packet and player, paid the
 * share of its place in a sequence shared by every claimant, under the packet's lock. The two share the
 * protection check, the lock order and the ledger's posting, not the period model.
 */
import { sql } from 'drizzle-orm';
import { formatMoney, splitRedPacket, type ApiLang } from '@lucky28/shared';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { MEMBER_GROUP } from '../accounts/users.js';
import type { ChatLine } from '../chat/messages.js';
import { LedgerType, postLedger } from '../ledger/post.js';
import { lockPlayer } from '../lockOrder.js';
import { atRiskSince } from '../rewards/atRisk.js';
import { promotionBlock, refuseIfBlocked } from '../rewards/protection.js';
import { localTime } from '../protection/periods.js';
import { claimsHashOf, claimsOf, findPacket, maskedClaimant, statusOf, type Packet } from './packets.js';
import { storePacketPost } from './posts.js';

const DAY_MS = 86_400_000;

export interface ShareClaimed {
  packet: Packet;
  claimNo: number;
  share: number;
  wagerRequired: number;
  over: number;
  lines: ChatLine[];
}

/**
 * A point inside the claim transaction, after the claim and its ledger row are written and before the
 * commit: the crash test (test/crash/redPacketClaimCrash.test.ts) kills a server process there. Unset in production.
 */
export const packetClaimFaults: { beforeCommit?: () => Promise<void> } = {};

type Player = { group_id: number; disabled: boolean; nickname: string | null; username: string; linked: boolean };

function refuseIneligible(player: Player): void {
  if (Number(player.group_id) !== MEMBER_GROUP) throw new AppError('err.guest_forbidden');
  if (player.disabled) throw new AppError('err.red_packet_frozen');
  if (player.linked) throw new AppError('err.red_packet_operator_linked');
}

function refuseClosed(packet: Packet, now: number, timeZone: string): void {
  const status = statusOf(packet, now);
  if (status === 'scheduled') throw new AppError('err.red_packet_not_open', { params: { opens: localTime(packet.opensAt, timeZone) } });
  if (status === 'empty') throw new AppError('err.red_packet_empty');
  if (status === 'expired') throw new AppError('err.red_packet_expired');
}

export async function claimPacketShare(
  db: Db,
  opts: { userId: number; packetId: number; now: number; timeZone: string; lang?: ApiLang },
): Promise<ShareClaimed> {
  const { userId, now, timeZone } = opts;
  return inTransaction(db, async (tx) => {
    const player = await lockPlayer<Player>(
      tx,
      userId,
      sql`group_id, disabled, nickname, username, exists (select 1 from operator_linked_players l where l.user_id = users.id) as linked`,
    );
    if (!player) throw new AppError('err.not_found');
    refuseIneligible(player);
    refuseIfBlocked(await promotionBlock(tx, { userId, now, timeZone }));
    const packet = await findPacket(tx, opts.packetId, true);
    if (!packet) throw new AppError('err.red_packet_not_found', { field: 'packet_id' });
    const [mine] = await queryRows<{ id: string }>(tx, sql`select id from red_packet_claims where packet_id = ${packet.id} and user_id = ${userId}`);
    if (mine) throw new AppError('err.red_packet_already_claimed');
    refuseClosed(packet, now, timeZone);
    if (packet.minAtRisk > 0 && (await atRiskSince(tx, userId, now - packet.atRiskDays * DAY_MS)) < packet.minAtRisk) {
      throw new AppError('err.red_packet_not_qualified', { params: { amount: formatMoney(packet.minAtRisk), days: packet.atRiskDays } });
    }
    const claimNo = packet.claimed + 1;
    const share = splitRedPacket(packet.seed, packet.total, packet.shares)[claimNo - 1]!;
    const wagerRequired = packet.wallet === 'score' ? share * packet.wagerMultiple : 0;
    const nickname = maskedClaimant(player);
    const [claim] = await queryRows<{ id: string }>(
      tx,
      sql`
      insert into red_packet_claims (packet_id, user_id, claim_no, amount, nickname, wager_required, created_at)
      values (${packet.id}, ${userId}, ${claimNo}, ${share}, ${nickname}, ${wagerRequired}, ${new Date(now).toISOString()})
      returning id::text`,
    );
    const { over } = await postLedger(tx, {
      userId,
      type: LedgerType.redPacketShare,
      wallet: packet.wallet,
      quantity: share,
      refType: 'red_packet_claim',
      refId: Number(claim!.id),
      memo: packet.greeting || undefined,
      createdAt: new Date(now),
    });
    const emptied = claimNo === packet.shares;
    await tx.execute(sql`update red_packets set claimed = ${claimNo}, paid = paid + ${share} where id = ${packet.id}`);
    const lines: ChatLine[] = [];
    const claimedLine = await storePacketPost(tx, {
      roomId: packet.roomId,
      packetId: packet.id,
      step: `claim:${claimNo}`,
      key: 'chat.packet.claimed',
      params: { name: nickname, amount: formatMoney(share), claim_no: claimNo, shares: packet.shares },
      now,
    });
    if (claimedLine) lines.push(claimedLine);
    if (emptied) {
      const hash = claimsHashOf({ ...packet, claimed: claimNo }, await claimsOf(tx, packet.id));
      await tx.execute(sql`update red_packets set closed_at = ${new Date(now).toISOString()}, claims_hash = ${hash} where id = ${packet.id}`);
      const closedLine = await storePacketPost(tx, { roomId: packet.roomId, packetId: packet.id, step: 'closed', key: 'chat.packet.closed', params: {}, now });
      if (closedLine) lines.push(closedLine);
    }
    await packetClaimFaults.beforeCommit?.();
    return { packet: (await findPacket(tx, packet.id))!, claimNo, share, wagerRequired, over, lines };
  });
}
