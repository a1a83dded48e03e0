import { supportConfigData, supportHandoffData, supportIdentityData, supportRedeemSchema } from '../schemas/support.js';
import { noInput } from '../schemas/fields.js';
import { playerAccess, publicAccess, serviceAccess } from '../access.js';
import { defineCall } from './define.js';

/** The customer-service chat: whether there is one, the hand-off to it, and the chat's redemption of a hand-off. Server: apps/server/src/routes/support/. */
export const support = {
  config: defineCall({
    method: 'POST',
    path: '/api/support/config',
    access: publicAccess,
    summary: 'Whether an external customer-service chat is configured, and its address.',
    input: noInput,
    answer: supportConfigData,
  }),
  handoff: defineCall({
    method: 'POST',
    path: '/api/support/handoff',
    access: playerAccess,
    summary: "The chat's address carrying a single-use code (valid 60 s) that identifies the caller to the chat, never the session token.",
    input: noInput,
    answer: supportHandoffData,
  }),
  redeem: defineCall({
    method: 'POST',
    path: '/api/support/redeem',
    access: serviceAccess,
    summary: 'Server to server, with the `X-Support-Key` header: exchanges a hand-off code, once, for the player it was made for.',
    input: supportRedeemSchema,
    answer: supportIdentityData,
  }),
};
