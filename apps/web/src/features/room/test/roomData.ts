/**
 * The room feature's test data: one factory of the answers the room's tests fake — a heartbeat, a chat
 * message of any kind, the room's chat state and a chat.list page — complete as the server answers them.
 */
import type { ChatList, ChatMessage } from '@lucky28/shared/schemas';

/** The current round of every room test. */
export const ISSUE = '20250101001';

/** Room 1 of game 7's heartbeat: the round open, the balance 100.00, no bets in the feed. */
export const roomHeart = (patch: Record<string, unknown> = {}) => ({
  game_id: 7,
  plan_id: 1,
  last_issue: { issue: '20250101000', site_1: 1, site_2: 2, site_3: 3, code: 6 },
  issue: { issue: ISSUE, whether_close: false, openTime: 100, openTime1: 100, closeTime: 80 },
  game_status: 1,
  order_count: 0,
  robot_num: 2,
  user_quantity: '100.00',
  message: [] as unknown[],
  hit_notice: [] as unknown[],
  ...patch,
});

/** Another player's message `hello <id>` in room 1 (posted at 10 + id s), changed by `patch`. */
export const chatMessage = (id: number, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  plan_id: 1,
  kind: 'player',
  nickname: 'd***d',
  text: `hello ${id}`,
  mine: false,
  system: null,
  removed: false,
  createtime: 10 + id,
  bet: null,
  ...patch,
});

/** A room's chat state: on, not muted, no slow mode, no gate, nothing pinned, never cleared. */
export const roomState = (patch: Partial<ChatList['room']> = {}): ChatList['room'] => ({
  enabled: true,
  muted: false,
  slow_mode_seconds: 0,
  gate_settled_bet: false,
  gate_account_hours: 0,
  pinned: null,
  cleared_through: 0,
  version: 0,
  ...patch,
});

/** A chat.list answer of room 1 with these messages (no more beyond them). */
export const chatPage = (list: ChatMessage[], patch: Partial<ChatList> = {}): ChatList => ({
  plan_id: 1,
  list,
  has_more: false,
  room: roomState(),
  my_mute: null,
  ...patch,
});
