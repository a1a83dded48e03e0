/**
 * Red packets (docs/red-packets.md): an operator drops a packet of the budget's money into a room, now or
 * scheduled; its shares are fixed then by the shared split (packages/shared/src/promotions/redPacket.ts)
 * from a random seed whose hash is published with it. The seed stays secret until the packet is closed —
 * emptied, or past its window — and is then answered with the claim sequence for anyone to check.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { commitmentOf, formatMoney, maskNickname, redPacketClaimsHash, type RedPacketClaimRow, type RedPacketOf } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import type { ChatLine } from '../chat/messages.js';
import { moveBudget } from './budget.js';
import { storePacketPost } from './posts.js';

export interface Packet {
  id: number;
  roomId: number;
  total: number;
  shares: number;
  seed: string;
  seedHash: string;
  wallet: 'money' | 'score';
  wagerMultiple: number;
  minAtRisk: number;
  atRiskDays: number;
  greeting: string;
  opensAt: number;
  closesAt: number;
  claimed: number;
  paid: number;
  closedAt: number | null;
  returned: number;
  claimsHash: string | null;
  createdBy: string;
  createdAt: number;
}

export type PacketStatus = 'scheduled' | 'open' | 'empty' | 'expired';

export function statusOf(p: Packet, now: number): PacketStatus {
  if (p.claimed >= p.shares) return 'empty';
  if (p.closedAt !== null || now >= p.closesAt) return 'expired';
  return now < p.opensAt ? 'scheduled' : 'open';
}

/** Whether the seed may be shown: no share can be claimed any more. */
export const isClosed = (p: Packet, now: number) => statusOf(p, now) === 'empty' || statusOf(p, now) === 'expired';

const ms = (v: unknown) => new Date(v as string).getTime();
const packetColumns = sql`p.id::text, p.room_id, p.total::text, p.shares, p.seed, p.seed_hash, p.wallet, p.wager_multiple, p.min_at_risk::text,
  p.at_risk_days, p.greeting, p.opens_at, p.closes_at, p.claimed, p.paid::text, p.closed_at, p.returned::text, p.claims_hash, o.username as created_by, p.created_at`;

function packetOf(r: Record<string, unknown>): Packet {
  return {
    id: Number(r.id),
    roomId: Number(r.room_id),
    total: Number(r.total),
    shares: Number(r.shares),
    seed: String(r.seed),
    seedHash: String(r.seed_hash),
    wallet: r.wallet === 'score' ? 'score' : 'money',
    wagerMultiple: Number(r.wager_multiple),
    minAtRisk: Number(r.min_at_risk),
    atRiskDays: Number(r.at_risk_days),
    greeting: String(r.greeting),
    opensAt: ms(r.opens_at),
    closesAt: ms(r.closes_at),
    claimed: Number(r.claimed),
    paid: Number(r.paid),
    closedAt: r.closed_at === null ? null : ms(r.closed_at),
    returned: Number(r.returned),
    claimsHash: (r.claims_hash as string | null) ?? null,
    createdBy: String(r.created_by ?? ''),
    createdAt: ms(r.created_at),
  };
}

/** One packet; `lock` takes its row FOR UPDATE (after the player's row: domain/lockOrder.ts). */
export async function findPacket(db: DbOrTx, id: number, lock = false): Promise<Packet | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${packetColumns} from red_packets p join operators o on o.id = p.created_by where p.id = ${id} ${lock ? sql`for update of p` : sql``}`,
  );
  return row ? packetOf(row) : undefined;
}

export async function packetsWhere(db: DbOrTx, where: ReturnType<typeof sql>, page: { limit: number; offset?: number }): Promise<Packet[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${packetColumns} from red_packets p join operators o on o.id = p.created_by where ${where} order by p.id desc limit ${page.limit} offset ${page.offset ?? 0}`,
  );
  return rows.map(packetOf);
}

export interface ClaimRow {
  claimNo: number;
  userId: number;
  username: string;
  nickname: string;
  amount: number;
  createdAt: number;
}

/** A packet's claims by claim number. */
export async function claimsOf(db: DbOrTx, packetId: number): Promise<ClaimRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select c.claim_no, c.user_id, u.username, c.nickname, c.amount::text, c.created_at from red_packet_claims c join users u on u.id = c.user_id
        where c.packet_id = ${packetId} order by c.claim_no`,
  );
  return rows.map((r) => ({
    claimNo: Number(r.claim_no),
    userId: Number(r.user_id),
    username: String(r.username),
    nickname: String(r.nickname),
    amount: Number(r.amount),
    createdAt: ms(r.created_at),
  }));
}

export const packetOfPublished = (p: Packet): RedPacketOf => ({ packetId: p.id, totalCents: p.total, shares: p.shares, seedHash: p.seedHash });
export const sequenceOf = (claims: readonly ClaimRow[]): RedPacketClaimRow[] =>
  claims.map((c) => ({ claim_no: c.claimNo, nickname: c.nickname, share: formatMoney(c.amount) }));
export const claimsHashOf = (p: Packet, claims: readonly ClaimRow[]) => redPacketClaimsHash(packetOfPublished(p), sequenceOf(claims));

/** A packet as the operator sets it out, before it has a seed or any claim. */
export type DropInput = Pick<
  Packet,
  'roomId' | 'total' | 'shares' | 'wallet' | 'wagerMultiple' | 'minAtRisk' | 'atRiskDays' | 'greeting' | 'opensAt' | 'closesAt'
> & { operatorId: number; now: number };

/** Drops a packet: its row, its total taken from the budget (refused when larger), its post in the room. */
export async function dropPacket(tx: DbOrTx, input: DropInput): Promise<{ packet: Packet; line: ChatLine | null }> {
  if (input.total < input.shares) throw new AppError('err.red_packet_total_too_small', { field: 'total', params: { min: formatMoney(input.shares) } });
  if (input.opensAt < input.now - 60_000) throw new AppError('err.red_packet_window_invalid', { field: 'opens_at' });
  const seed = randomBytes(32).toString('hex');
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`
    insert into red_packets (room_id, total, shares, seed, seed_hash, wallet, wager_multiple, min_at_risk, at_risk_days, greeting, opens_at, closes_at, created_by, created_at, announced)
    values (${input.roomId}, ${input.total}, ${input.shares}, ${seed}, ${commitmentOf(seed)}, ${input.wallet}, ${input.wagerMultiple}, ${input.minAtRisk},
            ${input.atRiskDays}, ${input.greeting}, ${new Date(input.opensAt).toISOString()}, ${new Date(input.closesAt).toISOString()}, ${input.operatorId},
            ${new Date(input.now).toISOString()}, true)
    returning id::text`,
  );
  const id = Number(row!.id);
  await moveBudget(tx, { kind: 'packet', amount: -input.total, packetId: id, operatorId: input.operatorId, now: input.now });
  const packet = (await findPacket(tx, id))!;
  const line = await storePacketPost(tx, {
    roomId: input.roomId,
    packetId: id,
    step: 'drop',
    key: 'chat.packet.dropped',
    params: { total: formatMoney(input.total), shares: input.shares, opens_at: Math.floor(input.opensAt / 1000), greeting: input.greeting },
    now: input.now,
  });
  return { packet, line };
}

/** The packets of a room a player can still see coming or claim: scheduled or open, newest first. */
export const openPacketsOfRoom = (db: DbOrTx, roomId: number, now: number) =>
  packetsWhere(db, sql`p.room_id = ${roomId} and p.closed_at is null and p.closes_at > ${new Date(now).toISOString()} and p.claimed < p.shares`, {
    limit: 20,
  });

/** A masked name as the sequence keeps it. */
export const maskedClaimant = (user: { nickname: string | null; username: string }) => maskNickname(user.nickname ?? user.username);

/** Every packet, newest first, a page at a time, with each one's claims. */
export async function packetPage(
  db: DbOrTx,
  page: { page: number; limit: number },
): Promise<{ total: number; list: { packet: Packet; claims: ClaimRow[] }[] }> {
  const packets = await packetsWhere(db, sql`true`, { limit: page.limit, offset: (page.page - 1) * page.limit });
  const [count] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from red_packets`);
  const list = [];
  for (const packet of packets) list.push({ packet, claims: await claimsOf(db, packet.id) });
  return { total: Number(count?.n ?? 0), list };
}
