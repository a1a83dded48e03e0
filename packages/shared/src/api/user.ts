import {
  guestUpgradeSchema,
  loginSchema,
  newPassSchema,
  boundPayAccountData,
  payInfoData,
  payTypeSchema,
  profileSchema,
  registerSchema,
  safetyInfoData,
  setPayInfoSchema,
  setSafetySchema,
  userInfoData,
  userinfoData,
} from '../schemas/account.js';
import { noData } from '../schemas/envelope.js';
import { noInput } from '../schemas/fields.js';
import { orderDetailData, orderDetailSchema, orderListData, orderListSchema } from '../schemas/lottery.js';
import { playerAccess, publicAccess } from '../access.js';
import { defineCall } from './define.js';

/** The player's account: signing up and in, the profile, the password and security code, the payout accounts, the bets. Server: apps/server/src/routes/user/. */
export const user = {
  register: defineCall({
    method: 'POST',
    path: '/api/user/register',
    access: publicAccess,
    summary: 'Creates a member account (optionally invited by a member) and signs it in.',
    input: registerSchema,
    answer: userinfoData,
  }),
  login: defineCall({
    method: 'POST',
    path: '/api/user/login',
    access: publicAccess,
    summary: 'Signs a member in (a 14-day session with `remember`); refused during a time-out or self-exclusion, saying when it ends.',
    input: loginSchema,
    answer: userinfoData,
  }),
  guestLogin: defineCall({
    method: 'POST',
    path: '/api/user/guestLogin',
    access: publicAccess,
    summary:
      'Creates a guest account and signs it in: it watches everything live but bets, deposits and withdraws nothing until it becomes a member (`guestUpgrade`); idle guests are deleted after 30 days.',
    input: noInput,
    answer: userinfoData,
  }),
  guestUpgrade: defineCall({
    method: 'POST',
    path: '/api/user/guestUpgrade',
    access: playerAccess,
    summary:
      "Makes the caller's guest account a member in place with a username and password: same user id, the same session token stays valid; refused to a member.",
    input: guestUpgradeSchema,
    answer: userinfoData,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/api/user/logout',
    access: playerAccess,
    summary: "Ends the caller's session.",
    input: noInput,
    answer: noData,
  }),
  userInfo: defineCall({
    method: 'POST',
    path: '/api/user/userInfo',
    access: playerAccess,
    summary: "The caller's own account with its balances, answered in both `data` and `msg` (where the spec's clients read it).",
    input: noInput,
    answer: userInfoData,
    answerMsg: userInfoData,
  }),
  profile: defineCall({
    method: 'POST',
    path: '/api/user/profile',
    access: playerAccess,
    summary: 'Saves the nickname, the avatar and the ID-card number (the number only while none is stored).',
    input: profileSchema,
    answer: noData,
  }),
  newPass: defineCall({
    method: 'POST',
    path: '/api/user/newPass',
    access: playerAccess,
    summary: 'Changes the password given the current one; every other session ends and this one gets a fresh token.',
    input: newPassSchema,
    answer: userinfoData,
  }),
  safetyInfo: defineCall({
    method: 'POST',
    path: '/api/user/safetyInfo',
    access: playerAccess,
    summary: 'Whether the caller has set a security code (the 6-digit code that authorises withdrawals).',
    input: noInput,
    answer: safetyInfoData,
  }),
  setSafety: defineCall({
    method: 'POST',
    path: '/api/user/setSafety',
    access: playerAccess,
    summary: 'Sets the security code; once one is set, changing it needs the current one (`after_code`).',
    input: setSafetySchema,
    answer: noData,
  }),
  payInfo: defineCall({
    method: 'POST',
    path: '/api/user/payInfo',
    access: playerAccess,
    summary: "The caller's bound bank card (type 0) or wallet (type 1), masked; null when none is bound.",
    input: payTypeSchema,
    answer: payInfoData,
  }),
  setPayInfo: defineCall({
    method: 'POST',
    path: '/api/user/setPayInfo',
    access: playerAccess,
    summary: 'Binds a bank card or wallet; replacing a bound one needs the security code and tells the player in a station message.',
    input: setPayInfoSchema,
    answer: boundPayAccountData,
  }),
  orderList: defineCall({
    method: 'POST',
    path: '/api/user/orderList',
    access: playerAccess,
    summary: "The caller's own bets between two dates (default today, in the operator's time zone) or of one round (`issue`), newest first.",
    input: orderListSchema,
    answer: orderListData,
  }),
  orderDetail: defineCall({
    method: 'POST',
    path: '/api/user/orderDetail',
    access: playerAccess,
    summary: "One of the caller's own bets by its order number (the bet detail screen); another player's order is not found.",
    input: orderDetailSchema,
    answer: orderDetailData,
  }),
};
