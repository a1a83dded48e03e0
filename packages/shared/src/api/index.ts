/**
 * The API contract: every call the server answers, declared once (see define.ts). The server
 * registers its routes from it; clients use `refs/` (the same calls without their
 * schemas); the fuzz suite and the API reference (docs/api.md) read it.
 */
import { defineApi } from './define.js';
import { admin } from './admin.js';
import { common } from './common.js';
import { content } from './content.js';
import { docs } from './docs.js';
import { fair } from './fair.js';
import { lottery } from './lottery.js';
import { protection } from './protection.js';
import { campaigns, rewards } from './rewards.js';
import { packets, redPackets } from './redPackets.js';
import { chat } from './chat.js';
import { referral } from './referral.js';
import { settings } from './settings.js';
import { support } from './support.js';
import { user } from './user.js';
import { wallet } from './wallet.js';

export const api = defineApi({
  lottery,
  fair,
  user,
  wallet,
  protection,
  content,
  common,
  settings,
  support,
  admin,
  referral,
  rewards,
  campaigns,
  packets,
  redPackets,
  chat,
  docs,
});
export type Api = typeof api;

export * from './define.js';
export * from './generate.js';
