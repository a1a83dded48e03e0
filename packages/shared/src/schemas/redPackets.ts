import { z } from 'zod';
import { RED_PACKET_MAX_SHARES } from '../promotions/redPacket.js';
import { adminPaging, decimalHundredths, pageData } from './admin.js';
import { moneyText, unixTime } from './envelope.js';
import { enumText, idField, intField, optionalInt, optionalText, requiredFlag } from './fields.js';

/**
 * Red packets (issue 41, docs/red-packets.md): the promotions budget's top-ups and movements, a packet
 * dropped into a room, its claims, and what the fairness page checks. Amounts are typed in u and read
 * exactly (two decimals at most).
 */

/** The largest top-up and the largest packet, cents (1,000,000.00 u). */
export const RED_PACKET_AMOUNT_MAX = 100_000_000;
/** The longest claim window, minutes (7 days), and the latest a drop may be scheduled, seconds ahead (30 days). */
export const RED_PACKET_WINDOW_MAX_MINUTES = 7 * 24 * 60;
export const RED_PACKET_SCHEDULE_MAX_SECONDS = 30 * 24 * 3600;
export const RED_PACKET_WALLETS = ['cash', 'bonus'] as const;
export type RedPacketWallet = (typeof RED_PACKET_WALLETS)[number];

export const budgetTopUpSchema = z.object({
  amount: decimalHundredths({ max: RED_PACKET_AMOUNT_MAX, invalid: 'err.amount_invalid', required: 'err.amount_required', tooLarge: 'err.amount_too_large' }),
  note: optionalText({ max: 100, invalid: 'err.red_packet_note_invalid' }),
});

export const redPacketDropSchema = z.object({
  /** The room (plan id). */
  plan_id: idField('err.room_not_found'),
  total: decimalHundredths({ max: RED_PACKET_AMOUNT_MAX, invalid: 'err.amount_invalid', required: 'err.amount_required', tooLarge: 'err.amount_too_large' }),
  shares: intField({ min: 1, max: RED_PACKET_MAX_SHARES, invalid: 'err.red_packet_shares_invalid' }),
  /** 'cash' to the balance, 'bonus' to stored funds with a wagering requirement of share × wager_multiple (money at risk). */
  wallet: enumText(RED_PACKET_WALLETS, 'err.red_packet_wallet_invalid'),
  wager_multiple: optionalInt({ min: 0, max: 50, invalid: 'err.red_packet_wager_invalid' }),
  /** Unix seconds it opens; missing: now. */
  opens_at: optionalInt({ min: 0, invalid: 'err.red_packet_window_invalid' }),
  /** How long it can be claimed, minutes. */
  window_minutes: intField({ min: 1, max: RED_PACKET_WINDOW_MAX_MINUTES, invalid: 'err.red_packet_window_invalid' }),
  /** Who qualifies besides members: this much money at risk over the last `at_risk_days` days (u; missing: any member). */
  min_at_risk: decimalHundredths({ min: 0, max: RED_PACKET_AMOUNT_MAX, invalid: 'err.red_packet_qualify_invalid' }).optional(),
  at_risk_days: optionalInt({ min: 1, max: 90, invalid: 'err.red_packet_qualify_invalid' }),
  greeting: optionalText({ max: 60, invalid: 'err.red_packet_note_invalid' }),
});

export const redPacketIdSchema = z.object({ packet_id: idField('err.red_packet_not_found') });
export const adminPageSchema = z.object(adminPaging);

export const budgetMovementData = z.object({
  id: z.number().int(),
  kind: z.enum(['top_up', 'packet', 'return']),
  amount: moneyText,
  balance_after: moneyText,
  packet_id: z.number().int().nullable(),
  operator: z.string().nullable(),
  note: z.string(),
  createtime: unixTime,
});
export const budgetData = z.object({ balance: moneyText, movements: pageData(budgetMovementData) });

/** One claim as the sequence shows it: claim number, masked name, share. */
export const redPacketClaimRowData = z.object({ claim_no: z.number().int(), nickname: z.string(), share: moneyText });
export const redPacketStatus = z.enum(['scheduled', 'open', 'empty', 'expired']);

/** A packet as the room and the fairness page see it: the seed only once it is closed. */
export const redPacketPublicData = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  total: moneyText,
  shares: z.number().int(),
  claimed: z.number().int(),
  wallet: z.enum(RED_PACKET_WALLETS),
  wager_multiple: z.number().int(),
  min_at_risk: moneyText,
  at_risk_days: z.number().int(),
  greeting: z.string(),
  opens_at: unixTime,
  closes_at: unixTime,
  status: redPacketStatus,
  seed_hash: z.string(),
  /** Revealed once the packet is empty or expired; null before. */
  seed: z.string().nullable(),
  /** SHA-256 of the claim sequence's canonical form, once closed. */
  claims_hash: z.string().nullable(),
  claims: z.array(redPacketClaimRowData),
  /** The caller's own share, when signed in and claimed. */
  my_share: moneyText.nullable(),
});

export const adminRedPacketData = redPacketPublicData.extend({
  paid: moneyText,
  returned: moneyText,
  created_by: z.string(),
  createtime: unixTime,
  claimants: z.array(z.object({ claim_no: z.number().int(), user_id: z.number().int(), username: z.string(), share: moneyText, createtime: unixTime })),
});
export const adminRedPacketListData = pageData(adminRedPacketData);

export const redPacketClaimData = z.object({
  packet_id: z.number().int(),
  claim_no: z.number().int(),
  share: moneyText,
  wallet: z.enum(RED_PACKET_WALLETS),
  wager_required: moneyText,
  /** Balance (money + score) after. */
  over: moneyText,
});

/** A room's packets still open or scheduled, newest first (what the room shows). */
export const roomRedPacketsSchema = z.object({ plan_id: idField('err.room_not_found') });
export const roomRedPacketsData = z.object({ list: z.array(redPacketPublicData) });

export const linkedPlayerSchema = z.object({
  user_id: idField('err.not_found'),
  linked: requiredFlag('err.bad_request'),
  note: optionalText({ max: 100, invalid: 'err.red_packet_note_invalid' }),
});
export const linkedPlayerData = z.object({ user_id: z.number().int(), linked: z.boolean() });
