import { useTranslation } from 'react-i18next';
import { useNow } from '../../../hooks/useNow';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone } from '../../../lib/operatorTime';
import type { ChatState } from '../model/chat';

/**
 * What stands instead of the chat input when the player may not post (docs/chat.md#moderation): the
 * spec's "chat banned" notice while the room's chat is off or muted, or the player's own mute with until
 * when (in the operator's zone) and why. Null: the input is shown.
 */
export function useChatNotice(chat: ChatState): string | null {
  const { t } = useTranslation();
  const zone = useOperatorZone();
  if (chat.room && (!chat.room.enabled || chat.room.muted)) return t('room.chatBanned');
  if (chat.myMute) return t('room.chat.mutedUntil', { until: formatInZone(chat.myMute.until, zone, 'YYYY-MM-DD HH:mm'), reason: chat.myMute.reason });
  return null;
}

/** The room's pinned announcement, at the top of the room. */
export function PinnedAnnouncement({ chat }: { chat: ChatState }) {
  const { t } = useTranslation();
  const pinned = chat.room?.pinned;
  if (!pinned) return null;
  return (
    <div className="room-pinned" role="note" data-testid="chat-pinned">
      <span className="room-pinned-label">{t('room.chat.pinned')}</span>
      {/* Text, never HTML. */}
      <span className="room-pinned-text">{pinned.text}</span>
    </div>
  );
}

/** Where the input was: the notice, read out when it appears. */
export function ChatBlocked({ notice }: { notice: string }) {
  return (
    <p className="room-chat room-chat-blocked" role="status" data-testid="chat-blocked">
      {notice}
    </p>
  );
}

/**
 * The room's rules a poster meets, above the input (docs/chat.md#live-room-state): slow mode — and,
 * after one's own post, the wait before the next — and the new-account gate, as the room's state says
 * them (pushed live when an operator changes them); and a reminder while typed bets are placed at once.
 */
export function ChatRules({ chat, lastPostAt, atOnce }: { chat: ChatState; lastPostAt: number | null; atOnce: boolean }) {
  const { t } = useTranslation();
  const room = chat.room;
  const open = room !== null && room.enabled && !room.muted;
  const slow = open ? room.slow_mode_seconds : 0;
  const waiting = slow > 0 && lastPostAt !== null;
  const now = useNow();
  const lines: { id: string; text: string }[] = [];
  if (open && slow > 0) {
    // `now` ticks once a second and may be older than the post just made: never more than the slow mode itself.
    const wait = waiting ? Math.ceil((lastPostAt + slow * 1000 - Math.max(now, lastPostAt)) / 1000) : 0;
    lines.push(wait > 0 ? { id: 'slow-wait', text: t('room.chat.slowWait', { count: wait }) } : { id: 'slow', text: t('room.chat.slowMode', { count: slow }) });
  }
  if (open && room.gate_settled_bet) lines.push({ id: 'gate-settled', text: t('room.chat.gateSettled') });
  if (open && room.gate_account_hours > 0) lines.push({ id: 'gate-hours', text: t('room.chat.gateHours', { count: room.gate_account_hours }) });
  if (atOnce) lines.push({ id: 'at-once', text: t('room.chat.atOnceActive') });
  if (lines.length === 0) return null;
  return (
    <div className="room-chat-rules" data-testid="chat-rules">
      {lines.map((l) => (
        <p key={l.id} data-testid={`chat-rule-${l.id}`}>
          {l.text}
        </p>
      ))}
    </div>
  );
}
