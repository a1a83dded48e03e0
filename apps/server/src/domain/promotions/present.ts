/** A packet on the wire: for the room and the fairness page (the seed only once closed), and for the console. */
import { formatMoney } from '@lucky28/shared';
import { isClosed, sequenceOf, statusOf, claimsHashOf, type ClaimRow, type Packet } from './packets.js';

const seconds = (ms: number) => Math.floor(ms / 1000);
const walletName = (p: Packet) => (p.wallet === 'score' ? ('bonus' as const) : ('cash' as const));

export function presentPacket(p: Packet, claims: readonly ClaimRow[], now: number, viewerId: number | null = null) {
  const closed = isClosed(p, now);
  const mine = viewerId === null ? undefined : claims.find((c) => c.userId === viewerId);
  return {
    id: p.id,
    plan_id: p.roomId,
    total: formatMoney(p.total),
    shares: p.shares,
    claimed: p.claimed,
    wallet: walletName(p),
    wager_multiple: p.wagerMultiple,
    min_at_risk: formatMoney(p.minAtRisk),
    at_risk_days: p.atRiskDays,
    greeting: p.greeting,
    opens_at: seconds(p.opensAt),
    closes_at: seconds(p.closesAt),
    status: statusOf(p, now),
    seed_hash: p.seedHash,
    seed: closed ? p.seed : null,
    // Past its window no claim can be made any more, so the hash is final even before housekeeping records it.
    claims_hash: closed ? (p.claimsHash ?? claimsHashOf(p, claims)) : null,
    claims: sequenceOf(claims),
    my_share: mine ? formatMoney(mine.amount) : null,
  };
}

export function presentAdminPacket(p: Packet, claims: readonly ClaimRow[], now: number) {
  return {
    ...presentPacket(p, claims, now),
    paid: formatMoney(p.paid),
    returned: formatMoney(p.returned),
    created_by: p.createdBy,
    createtime: seconds(p.createdAt),
    claimants: claims.map((c) => ({
      claim_no: c.claimNo,
      user_id: c.userId,
      username: c.username,
      share: formatMoney(c.amount),
      createtime: seconds(c.createdAt),
    })),
  };
}
