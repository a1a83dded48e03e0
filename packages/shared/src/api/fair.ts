import { fairAcceptedBetsData, fairAcceptedBetsSchema, fairChainData, fairChainSchema, fairRoundData, fairRoundSchema } from '../schemas/lottery.js';
import { publicAccess } from '../access.js';
import { defineCall } from './define.js';
import { fairPacket } from './redPackets.js';

/** Provable fairness: each round's commitment, seed and result, and the published hash chains. Server: apps/server/src/routes/fair/. */
export const fair = {
  round: defineCall({
    method: 'GET',
    path: '/api/fair/round',
    access: publicAccess,
    summary: "A round's commitment before its draw, and its seed and result after it, with the previous round's commitment and the algorithm to check them.",
    input: fairRoundSchema,
    answer: fairRoundData,
  }),
  chain: defineCall({
    method: 'GET',
    path: '/api/fair/chain',
    access: publicAccess,
    summary: "A game's hash chains with their final hashes (published when each chain is created) and the one in use.",
    input: fairChainSchema,
    answer: fairChainData,
  }),
  acceptedBets: defineCall({
    method: 'GET',
    path: '/api/fair/acceptedBets',
    access: publicAccess,
    summary:
      "A page of a room's accepted-bets list of a round (built once betting has closed), with the list's count and SHA-256 as published: rows hashed in their order, page after page, give the hash.",
    input: fairAcceptedBetsSchema,
    answer: fairAcceptedBetsData,
  }),
  redPacket: fairPacket,
};
