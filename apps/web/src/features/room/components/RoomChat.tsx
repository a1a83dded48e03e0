import { Fragment, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX, chatTextLength } from '@lucky28/shared/schemas';
import type { ChatMessage } from '@lucky28/shared/schemas';
import type { TimelineItem } from '../model/chat';
import { SystemPost } from './SystemPost';
import { ChatBlocked } from './ChatNotice';

/** Near the bottom: a new message scrolls the timeline down (further up, the player is reading back). */
const BOTTOM_SLACK = 80;
/** Near the top: older messages are fetched. */
const TOP_SLACK = 40;

/** A paper plane (antd-mobile-icons' "send" is a share arrow). */
const SendIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden focusable="false">
    <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10.1 15 12 3.4 13.9z" />
  </svg>
);

/** The time a message was posted, in the reader's clock (hours and minutes). */
function PostedAt({ at, lang }: { at: number; lang: string }) {
  const d = new Date(at * 1000);
  return (
    <time className="room-msg-time" dateTime={d.toISOString()}>
      {d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}
    </time>
  );
}

function ChatRow({ m, onReport }: { m: ChatMessage; onReport?: (m: ChatMessage) => void }) {
  const { t, i18n } = useTranslation();
  if (m.kind === 'system') return <SystemPost m={m} />;
  const who = m.mine ? t('room.me') : (m.nickname ?? '');
  // Removed by an operator: every viewer reads that instead of the text (docs/chat.md#moderation).
  const text = m.removed ? t('room.chat.removed') : m.text;
  return (
    <div
      className={`room-bet room-msg ${m.mine ? 'room-bet-mine' : ''}`}
      data-testid="chat-message"
      data-kind={m.kind}
      data-mine={m.mine ? 'true' : 'false'}
      data-removed={m.removed ? 'true' : 'false'}
      aria-label={m.mine ? t('room.chat.mineLabel', { text }) : t('room.chat.theirsLabel', { nickname: who, text })}
      role="article"
    >
      <span className="room-bet-avatar" aria-hidden>
        {[...(m.nickname ?? '?')][0]?.toUpperCase() ?? '?'}
      </span>
      <div className="room-bet-bubble">
        <div className="room-bet-top">
          <span className="room-bet-nick">{who}</span>
          {m.kind === 'bet' && <span className="room-msg-kind">{t('room.chat.betKind')}</span>}
          <PostedAt at={m.createtime} lang={i18n.language} />
          {onReport && !m.mine && !m.removed && m.kind === 'player' && (
            <button
              type="button"
              className="room-msg-report"
              onClick={() => onReport(m)}
              aria-label={t('room.chat.reportLabel', { nickname: who })}
              data-testid="chat-report"
            >
              {t('room.chat.report')}
            </button>
          )}
        </div>
        {/* A text node: whatever it holds is shown as typed, never as HTML. */}
        <p className={m.removed ? 'room-msg-text room-msg-removed' : 'room-msg-text'}>{text}</p>
      </div>
    </div>
  );
}

/**
 * The room's one timeline: the chat and the room's bets by time, newest at the bottom (docs/chat.md).
 * Scrolling to the top (or the button there) brings older messages, keeping the reading position.
 */
export function RoomTimeline<B>({
  items,
  hasOlder,
  loadingOlder,
  onOlder,
  renderBet,
  betKey,
  onReport,
  renderBetMessage,
}: {
  items: TimelineItem<B>[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder: () => void;
  renderBet: (bet: B) => ReactNode;
  betKey: (bet: B) => string;
  /** Reporting another player's message (members only; absent for guests). */
  onReport?: (m: ChatMessage) => void;
  /** A bet message with its bet (BetMessage.tsx); without it, a bet message is shown as its text. */
  renderBetMessage?: (m: ChatMessage) => ReactNode;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef<{ first: unknown; last: unknown; height: number }>({ first: null, last: null, height: 0 });
  const first = items[0];
  const last = items[items.length - 1];
  const firstId = first ? (first.type === 'chat' ? first.message.id : betKey(first.bet)) : null;
  const lastId = last ? (last.type === 'chat' ? last.message.id : betKey(last.bet)) : null;
  const lastMine = last?.type === 'chat' && last.message.mine;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = seen.current;
    if (lastId !== before.last) {
      // A new message: followed when the player is at the bottom, or wrote it.
      if (atBottom.current || lastMine) el.scrollTop = el.scrollHeight;
    } else if (firstId !== before.first && before.height > 0) {
      // Older messages above: the ones being read stay where they were.
      el.scrollTop += el.scrollHeight - before.height;
    }
    seen.current = { first: firstId, last: lastId, height: el.scrollHeight };
  }, [firstId, lastId, lastMine]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    if (el.scrollTop < TOP_SLACK && hasOlder && !loadingOlder) onOlder();
  };

  return (
    <div
      ref={box}
      className={`room-feed ${items.length === 0 ? 'room-feed-empty' : ''}`}
      data-testid="room-feed"
      role="log"
      aria-label={t('room.chat.title')}
      aria-live="polite"
      onScroll={onScroll}
    >
      {hasOlder && (
        <button type="button" className="room-older" onClick={onOlder} disabled={loadingOlder} data-testid="chat-older">
          {loadingOlder ? t('common.loading') : t('room.chat.older')}
        </button>
      )}
      {items.length === 0 && <p>{t('room.chat.empty')}</p>}
      {items.map((item) =>
        item.type === 'chat' ? (
          item.message.bet && renderBetMessage ? (
            <Fragment key={`c${item.message.id}`}>{renderBetMessage(item.message)}</Fragment>
          ) : (
            <ChatRow key={`c${item.message.id}`} m={item.message} onReport={onReport} />
          )
        ) : (
          <Fragment key={`b${betKey(item.bet)}`}>{renderBet(item.bet)}</Fragment>
        ),
      )}
    </div>
  );
}

/**
 * The chat input: one line, at most CHAT_TEXT_MAX characters counted as the server counts them (code
 * points), a counter, and the server's refusal (localised) under it until the text changes.
 */
export function ChatComposer({
  guest,
  sending,
  onSend,
  onGuest,
  error,
  onErrorSeen,
  notice,
}: {
  guest: boolean;
  sending: boolean;
  /** Resolves true when the message was posted (the field is emptied then). */
  onSend: (text: string) => Promise<boolean>;
  onGuest: () => void;
  error: string | null;
  onErrorSeen: () => void;
  /** Why the player may not post now (chat off or muted, their own mute): shown instead of the input. */
  notice?: string | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  if (guest) {
    // Guests read the chat and never post: asked to register, as for a bet.
    return (
      <button type="button" className="room-chat" data-testid="chat-guest" onClick={onGuest}>
        {t('room.chat.guest')}
      </button>
    );
  }
  if (notice) return <ChatBlocked notice={notice} />;
  const length = chatTextLength(text);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && chatTextLength(trimmed) <= CHAT_TEXT_MAX && !sending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSend) return;
    void onSend(trimmed).then((posted) => {
      if (posted) setText('');
    });
  };
  return (
    <form className="room-compose" onSubmit={submit} data-testid="chat-form">
      {error && (
        <p className="room-chat-error" role="alert" data-testid="chat-error">
          {error}
        </p>
      )}
      <div className="room-compose-field">
        <input
          className="room-chat-input"
          data-testid="chat-input"
          type="text"
          enterKeyHint="send"
          autoComplete="off"
          value={text}
          placeholder={t('room.chat.placeholder')}
          aria-label={t('room.chat.placeholder')}
          aria-describedby="room-chat-count"
          onChange={(e) => {
            // Line breaks cannot be typed in one line; pasted ones become spaces. Cut at the limit.
            const v = [...e.target.value.replace(/[\r\n]+/g, ' ')].slice(0, CHAT_TEXT_MAX).join('');
            setText(v);
            if (error) onErrorSeen();
          }}
        />
        <span
          id="room-chat-count"
          className={`room-chat-count ${length >= CHAT_TEXT_MAX ? 'room-chat-count-full' : ''}`}
          data-testid="chat-count"
          aria-label={t('room.chat.count', { n: length, max: CHAT_TEXT_MAX })}
        >
          {length > 0 ? `${length}/${CHAT_TEXT_MAX}` : ''}
        </span>
        <button type="submit" className="room-send" disabled={!canSend} aria-label={t('room.chat.send')} data-testid="chat-send">
          <SendIcon />
        </button>
      </div>
    </form>
  );
}
