import { noInput } from '../schemas/fields.js';
import {
  adminCampaignData,
  bonusForfeitData,
  bonusForfeitSchema,
  adminCampaignListData,
  campaignIdSchema,
  campaignSaveSchema,
  campaignStatsData,
  promotionsOptOutData,
  promotionsOptOutSchema,
  rewardCardData,
  rewardClaimData,
  rewardClaimSchema,
  rewardListData,
} from '../schemas/rewards.js';
import { memberAccess, operatorAccess } from '../access.js';
import { defineCall } from './define.js';

/** Rewards for players: the live campaigns with their state, a claim, one campaign's progress, a bonus's forfeit, the opt-out. Server: apps/server/src/routes/rewards/. */
export const rewards = {
  rewardList: defineCall({
    method: 'POST',
    path: '/api/rewards/list',
    access: memberAccess,
    summary:
      "The live campaigns offered to the caller, each with its state (waiting, available, in progress, claimed, expired) and its kind's progress; none when the caller opted out of promotions.",
    input: noInput,
    answer: rewardListData,
  }),
  rewardProgress: defineCall({
    method: 'POST',
    path: '/api/rewards/progress',
    access: memberAccess,
    summary: "One campaign's card for the caller: its state and progress (a bonus's staked / required, the rakeback days, the check-in streak).",
    input: rewardClaimSchema,
    answer: rewardCardData,
  }),
  rewardClaim: defineCall({
    method: 'POST',
    path: '/api/rewards/claim',
    access: memberAccess,
    summary:
      "Claims what a campaign owes the caller now (the rakeback of past days, the first-deposit bonus or its release to the balance, today's check-in): paid once per campaign, player and period, whatever the retries.",
    input: rewardClaimSchema,
    answer: rewardClaimData,
  }),
  bonusForfeit: defineCall({
    method: 'POST',
    path: '/api/rewards/forfeit',
    access: memberAccess,
    idempotent: true,
    summary:
      "Gives up the caller's first-deposit bonus while it is being wagered: what is left of it leaves stored funds and what bets paid with it won leaves the balance (type 10), the amount confirmed being the card's `forfeit.total`; withdrawals are no longer held back. Once per bonus, whatever the retries; allowed while opted out of promotions.",
    input: bonusForfeitSchema,
    answer: bonusForfeitData,
  }),
  promotionsOptOut: defineCall({
    method: 'POST',
    path: '/api/rewards/optOut',
    access: memberAccess,
    summary: 'Responsible play: opts the caller out of promotions (no campaign offered, none claimable), or back in.',
    input: promotionsOptOutSchema,
    answer: promotionsOptOutData,
  }),
};

/** The console's campaigns (admin): list, create or edit, end, and each one's figures; every change audited. Server: apps/server/src/routes/admin/campaigns.ts. */
export const campaigns = {
  campaignList: defineCall({
    method: 'POST',
    path: '/api/admin/campaignList',
    access: operatorAccess('admin'),
    summary: 'Every campaign, newest first, with its claims and the total paid.',
    input: noInput,
    answer: adminCampaignListData,
  }),
  campaignSave: defineCall({
    method: 'POST',
    path: '/api/admin/campaignSave',
    access: operatorAccess('admin'),
    summary:
      "Creates a campaign (no id) or changes one: kind, titles and terms in four languages, the kind's terms, banner, dates, enabled. Changes apply to new claims; audited.",
    input: campaignSaveSchema,
    answer: adminCampaignData,
  }),
  campaignEnd: defineCall({
    method: 'POST',
    path: '/api/admin/campaignEnd',
    access: operatorAccess('admin'),
    summary: 'Ends a campaign now: no more offers or claims; what was paid stays. Audited.',
    input: campaignIdSchema,
    answer: adminCampaignData,
  }),
  campaignStats: defineCall({
    method: 'POST',
    path: '/api/admin/campaignStats',
    access: operatorAccess('admin'),
    summary: "A campaign's figures: claims, amount paid, players, and the amount paid per operator-day.",
    input: campaignIdSchema,
    answer: campaignStatsData,
  }),
};
