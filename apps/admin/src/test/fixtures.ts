/**
 * Rows the console's tests share, as the server sends them (typed by the API contract): a room with
 * one odds row, the player alice in the users list and in detail, and a deposit waiting for review.
 * A test spreads one and changes what it is about.
 */
import type { AnswerOf } from '@lucky28/shared/api';
import type * as api from '@lucky28/shared/api/refs';

type RoomView = AnswerOf<typeof api.admin.gameConfig>['games'][number]['rooms'][number];
type UserRow = AnswerOf<typeof api.admin.userSearch>['list'][number];
type UserDetail = AnswerOf<typeof api.admin.userDetail>;
type DepositRow = AnswerOf<typeof api.admin.depositList>[number];

/** The odds row of class 1 (big). */
export const bigOdds = { class: 1, name: 'Big', kind: 'base', enabled: true, odds: '2.00', odds_special: '1.60', min: '10.00', max: '5000.00', rtp: '97.00' };

/** Room 3, the starter room of game `gameId`, with the big odds row only and no pending change. */
export const starterRoom = (gameId: number): RoomView => ({
  id: 3,
  game_id: gameId,
  type: 0,
  title: 'Starter',
  title_i18n: { zh: '新手房', tw: '新手房', en: 'Starter', vi: 'Phòng mới' },
  min_limit: '10.00',
  join_limit: '0.00',
  enabled: true,
  odds: [bigOdds],
  pending: null,
  pending_from: null,
});

/** Player 5, alice, as the users list shows her. */
export const aliceRow: UserRow = {
  id: 5,
  username: 'alice',
  nickname: 'Ally',
  group_id: 1,
  money: '100.00',
  score: '50.00',
  balance: '150.00',
  shiming: 2,
  frozen: false,
  created_at: 1_780_000_000,
  status: 'active',
  last_sign_in_at: 1_780_100_000,
  last_ip: '203.0.113.5',
};

/** Alice in detail: verified, no inviter, no payout accounts, sessions or limits. */
export const aliceDetail: UserDetail = {
  ...aliceRow,
  imported: null,
  operator_linked: false,
  real_name: 'Alice Wong',
  has_idcard: true,
  has_security_code: false,
  inviter: null,
  invitees: { total: 0, list: [] },
  sessions: [],
  accounts: [],
  protection: { exclusion: null, limits: [], reality_check: 0 },
};

/** Deposit 41 of 200.00 by alice (#7), waiting for review, without a screenshot. */
export const pendingDeposit: DepositRow = {
  id: 41,
  user_id: 7,
  username: 'alice',
  amount: '200.00',
  channel: 'usdt',
  status: 0,
  reason: '',
  screenshot: '',
  createtime: 1_780_000_000,
  reviewtime: null,
};
