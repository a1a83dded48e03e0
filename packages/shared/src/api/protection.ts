import { noInput } from '../schemas/fields.js';
import {
  limitsData,
  netPositionData,
  orderTotalsData,
  orderTotalsSchema,
  protectionInfoData,
  setLimitSchema,
  setRealityCheckData,
  setRealityCheckSchema,
  takeBreakData,
  takeBreakSchema,
  withdrawReverseData,
} from '../schemas/protection.js';
import { memberAccess, playerAccess } from '../access.js';
import { defineCall } from './define.js';

/** Player protection: limits, reality checks, time-outs and self-exclusion, the net position. Server: apps/server/src/routes/protection/. */
export const protection = {
  protectionInfo: defineCall({
    method: 'POST',
    path: '/api/user/protectionInfo',
    access: memberAccess,
    summary: "The caller's limits with their use, the reality-check interval, any time-out or self-exclusion, and this session's play.",
    input: noInput,
    answer: protectionInfoData,
  }),
  setLimit: defineCall({
    method: 'POST',
    path: '/api/user/setLimit',
    access: memberAccess,
    summary: 'Sets or removes a deposit, loss, stake or session limit: lowering applies at once, raising or removing after 24 hours.',
    input: setLimitSchema,
    answer: limitsData,
  }),
  setRealityCheck: defineCall({
    method: 'POST',
    path: '/api/user/setRealityCheck',
    access: memberAccess,
    summary: 'Sets the minutes between reality checks (15, 30 or 60).',
    input: setRealityCheckSchema,
    answer: setRealityCheckData,
  }),
  takeBreak: defineCall({
    method: 'POST',
    path: '/api/user/takeBreak',
    access: memberAccess,
    summary: 'Starts a time-out or a self-exclusion (with the password); every session of the player ends at once.',
    input: takeBreakSchema,
    answer: takeBreakData,
  }),
  netPosition: defineCall({
    method: 'POST',
    path: '/api/user/netPosition',
    access: memberAccess,
    summary: "The caller's deposits, withdrawals, stakes and payouts today, this month and in all.",
    input: noInput,
    answer: netPositionData,
  }),
  orderTotals: defineCall({
    method: 'POST',
    path: '/api/user/orderTotals',
    access: playerAccess,
    summary: "The count, stake, payout and result of the caller's bets between two dates (the bet history's period).",
    input: orderTotalsSchema,
    answer: orderTotalsData,
  }),
  withdrawReverse: defineCall({
    method: 'POST',
    path: '/api/user/withdrawReverse',
    access: memberAccess,
    summary: "Takes back the caller's pending withdrawal (it counts against the deposit limits; refused while excluded).",
    input: noInput,
    answer: withdrawReverseData,
  }),
};
