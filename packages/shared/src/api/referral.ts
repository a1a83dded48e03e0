import { noInput } from '../schemas/fields.js';
import {
  referralDecideData,
  referralDecideSchema,
  referralHeldData,
  referralReportData,
  referralReportSchema,
  referralSettingsData,
  referralSettingsUpdateSchema,
  referralTeamData,
  referralTreeData,
  referralTreeSchema,
} from '../schemas/referral.js';
import { memberAccess, operatorAccess } from '../access.js';
import { defineCall } from './define.js';

/**
 * The referral programme (issue 24): the player's team and the console's settings, tree, report and
 * held queue. Server: apps/server/src/routes/referral/, logic in apps/server/src/domain/referral/.
 */
export const referral = {
  team: defineCall({
    method: 'POST',
    path: '/api/user/referralTeam',
    access: memberAccess,
    summary:
      "The caller's team: invite code, invitees per level (masked names, joined, active this week), commission per day with its base, paid / held / pending totals and the programme's rules.",
    input: noInput,
    answer: referralTeamData,
  }),
  settings: defineCall({
    method: 'POST',
    path: '/api/admin/referralSettings',
    access: operatorAccess('finance'),
    summary: "The programme's settings in force today and any change waiting for tomorrow.",
    input: noInput,
    answer: referralSettingsData,
  }),
  settingsUpdate: defineCall({
    method: 'POST',
    path: '/api/admin/referralSettingsUpdate',
    access: operatorAccess('admin'),
    summary: 'Changes the programme (on/off, rate per level, level 2, minimum payout) from the next operator-day on; audited. Admins only.',
    input: referralSettingsUpdateSchema,
    answer: referralSettingsData,
  }),
  tree: defineCall({
    method: 'POST',
    path: '/api/admin/referralTree',
    access: operatorAccess('finance', 'support'),
    summary: "A player's referral tree two levels deep (flags included) and its commissions by status.",
    input: referralTreeSchema,
    answer: referralTreeData,
  }),
  report: defineCall({
    method: 'POST',
    path: '/api/admin/referralReport',
    access: operatorAccess('finance'),
    summary: 'The daily commission report over a period (default: the last 30 days): per day, and per referrer and day with its base.',
    input: referralReportSchema,
    answer: referralReportData,
  }),
  held: defineCall({
    method: 'POST',
    path: '/api/admin/referralHeld',
    access: operatorAccess('finance'),
    summary: 'Held commissions waiting for a decision, and the flagged invitee–referrer pairs.',
    input: noInput,
    answer: referralHeldData,
  }),
  decide: defineCall({
    method: 'POST',
    path: '/api/admin/referralDecide',
    access: operatorAccess('finance'),
    summary: 'Releases (pays now, one commission ledger row) or voids a held commission; audited with the reason.',
    input: referralDecideSchema,
    answer: referralDecideData,
  }),
};
