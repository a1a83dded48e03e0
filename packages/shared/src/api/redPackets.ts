import {
  adminPageSchema,
  adminRedPacketData,
  adminRedPacketListData,
  budgetData,
  budgetTopUpSchema,
  linkedPlayerSchema,
  linkedPlayerData,
  redPacketClaimData,
  redPacketDropSchema,
  redPacketIdSchema,
  redPacketPublicData,
  roomRedPacketsData,
  roomRedPacketsSchema,
} from '../schemas/redPackets.js';
import { memberAccess, operatorAccess, publicAccess } from '../access.js';
import { defineCall } from './define.js';

/** Red packets for players (docs/red-packets.md): a room's packets and a claim. Server: apps/server/src/routes/rewards/redPackets.ts. */
export const packets = {
  roomPackets: defineCall({
    method: 'POST',
    path: '/api/rewards/roomPackets',
    access: publicAccess,
    summary:
      "A room's red packets scheduled or open, newest first: total, shares, claims so far, window, who qualifies, the seed's hash, the caller's own share.",
    input: roomRedPacketsSchema,
    answer: roomRedPacketsData,
  }),
  packetClaim: defineCall({
    method: 'POST',
    path: '/api/rewards/packetClaim',
    access: memberAccess,
    summary:
      "Claims the caller's share of a red packet: the next claim number's share of the split, paid as ledger type 13 (cash to the balance, bonus to stored funds). Once per player and packet; refused, with why, to a frozen or operator-linked account, a player in a time-out or self-exclusion or opted out of promotions, one who does not qualify, and when the packet is not open or empty.",
    input: redPacketIdSchema,
    answer: redPacketClaimData,
  }),
};

/** The console's red packets and promotions budget (admin); every change audited. Server: apps/server/src/routes/admin/redPackets.ts. */
export const redPackets = {
  budget: defineCall({
    method: 'POST',
    path: '/api/admin/promotionBudget',
    access: operatorAccess('admin', 'finance'),
    summary: "The promotions budget's balance and its movements, newest first: top-ups, packets dropped, what packets left unclaimed returned.",
    input: adminPageSchema,
    answer: budgetData,
  }),
  budgetTopUp: defineCall({
    method: 'POST',
    path: '/api/admin/promotionBudgetTopUp',
    access: operatorAccess('admin'),
    summary: 'Adds the house money to the promotions budget, with a note. Audited.',
    input: budgetTopUpSchema,
    answer: budgetData,
  }),
  packetDrop: defineCall({
    method: 'POST',
    path: '/api/admin/redPacketDrop',
    access: operatorAccess('admin'),
    summary:
      'Drops a red packet into a room now or at a time (total, shares, cash or bonus with a wagering multiple, who qualifies, claim window); its total leaves the budget at once and a drop larger than the budget is refused. Posted in the room; audited.',
    input: redPacketDropSchema,
    answer: adminRedPacketData,
  }),
  packetList: defineCall({
    method: 'POST',
    path: '/api/admin/redPacketList',
    access: operatorAccess('admin', 'finance'),
    summary: 'Every red packet, newest first, with its claims (claim number, player, share), paid and returned.',
    input: adminPageSchema,
    answer: adminRedPacketListData,
  }),
  linkedPlayer: defineCall({
    method: 'POST',
    path: '/api/admin/operatorLinkedPlayer',
    access: operatorAccess('admin'),
    summary: 'Marks a player as linked to the operator (staff, relatives, test accounts: never paid a red packet share), or clears the mark. Audited.',
    input: linkedPlayerSchema,
    answer: linkedPlayerData,
  }),
};

/** The public check of a packet. Server: apps/server/src/routes/fair/. */
export const fairPacket = defineCall({
  method: 'GET',
  path: '/api/fair/redPacket',
  access: publicAccess,
  summary:
    "A red packet for verification: its total, shares and seed hash, and once it is empty or expired its seed and claim sequence (claim number, masked name, share) with the sequence's SHA-256; the split recomputed from the seed gives every share.",
  input: redPacketIdSchema,
  answer: redPacketPublicData,
});
