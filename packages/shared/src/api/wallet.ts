import { noInput } from '../schemas/fields.js';
import {
  depositDetailsData,
  depositRequestData,
  depositRequestSchema,
  ledgerListData,
  ledgerListSchema,
  realNameInfoData,
  shimingData,
  shimingSchema,
  withdrawActionData,
  withdrawActionSchema,
  withdrawInfoData,
} from '../schemas/wallet.js';
import { memberAccess, playerAccess } from '../access.js';
import { defineCall } from './define.js';

/** The player's money: the fund ledger, deposits, withdrawals and real-name verification. Server: apps/server/src/routes/wallet/. */
export const wallet = {
  quantityLogList: defineCall({
    method: 'POST',
    path: '/api/user/quantityLogList',
    access: playerAccess,
    summary: "The caller's fund ledger between two dates (default today), optionally of one type, newest first.",
    input: ledgerListSchema,
    answer: ledgerListData,
  }),
  recharge: defineCall({
    method: 'POST',
    path: '/api/user/recharge',
    access: memberAccess,
    summary: "The caller's balances and the operator's deposit details (USDT address, bank account).",
    input: noInput,
    answer: depositDetailsData,
  }),
  depositRequest: defineCall({
    method: 'POST',
    path: '/api/user/depositRequest',
    access: memberAccess,
    idempotent: true,
    summary: 'Requests a deposit with its amount, channel and uploaded screenshot; pending until an operator approves or rejects it.',
    input: depositRequestSchema,
    answer: depositRequestData,
  }),
  withdrawInfo: defineCall({
    method: 'POST',
    path: '/api/user/withdrawInfo',
    access: memberAccess,
    summary: 'What a withdrawal needs: the balances, the bound accounts, whether a security code and the ID number are set, the minimum.',
    input: noInput,
    answer: withdrawInfoData,
  }),
  withdrawAction: defineCall({
    method: 'POST',
    path: '/api/user/withdrawAction',
    access: memberAccess,
    idempotent: true,
    summary: 'Requests a withdrawal to a bound account with the security code: the amount is held pending until an operator pays or rejects it.',
    input: withdrawActionSchema,
    answer: withdrawActionData,
  }),
  shiming: defineCall({
    method: 'POST',
    path: '/api/user/shiming',
    access: memberAccess,
    summary: "Submits the caller's real name, ID number and the two ID-card pictures for review.",
    input: shimingSchema,
    answer: shimingData,
  }),
  shimingInfo: defineCall({
    method: 'POST',
    path: '/api/user/shimingInfo',
    access: playerAccess,
    summary: "The caller's real-name status, the latest request (masked) and a refusal's reason.",
    input: noInput,
    answer: realNameInfoData,
  }),
};
