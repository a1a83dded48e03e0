/**
 * The state of a room's chat its viewers see (docs/chat.md#live-room-state): answered by chat.list
 * and pushed on the stream as a `chat_room` event when an operator changes it; a player's own mute
 * likewise (`my_mute`, the `chat_mute` event). One shape for both ways, so a viewer that polls and one
 * that streams show the same room.
 */
import type { ChatList, ChatMyMute, ChatRoomEvent } from '@lucky28/shared';
import type { ChatMute, RoomChatSettings } from './moderation.js';

export type ShownRoomState = ChatList['room'];
/** The `chat_room` event: the state and its room. */
export type RoomStateEvent = ChatRoomEvent;
export type ShownMute = ChatMyMute;

export function shownRoomState(s: RoomChatSettings): ShownRoomState {
  return {
    enabled: s.enabled,
    muted: s.muted,
    slow_mode_seconds: s.slowModeSeconds,
    gate_settled_bet: s.gateSettledBet,
    gate_account_hours: s.gateAccountHours,
    pinned: s.pinnedText === null ? null : { text: s.pinnedText, createtime: Math.floor((s.pinnedAt ?? 0) / 1000) },
    cleared_through: s.clearedThrough,
    version: s.version,
  };
}

export const roomStateEvent = (s: RoomChatSettings): RoomStateEvent => ({ plan_id: s.roomId, ...shownRoomState(s) });

/** A mute as its player is told of it; a shadow mute never is (null). */
export function shownMute(mute: Pick<ChatMute, 'until' | 'reason' | 'shadow'> | null): ShownMute {
  return mute && !mute.shadow ? { until: Math.floor(mute.until / 1000), reason: mute.reason } : null;
}
