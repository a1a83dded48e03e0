import { useTranslation } from 'react-i18next';
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
