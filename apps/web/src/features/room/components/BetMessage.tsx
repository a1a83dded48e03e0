import { useTranslation } from 'react-i18next';
import type { ChatBet, ChatMessage } from '@lucky28/shared/schemas';

/**
 * A bet message of the room's chat (docs/chat.md#bet-by-message), drawn from the committed orders it
 * carries — never from typed text: who (masked), each class and stake, the order numbers. "Follow"
 * opens the bet sheet with the same bets, for the current round only.
 */
export function BetMessage({
  m,
  bet,
  className,
  currentIssue,
  onFollow,
}: {
  m: ChatMessage;
  bet: ChatBet;
  /** A class's name in the room's language (from its odds list). */
  className: (classId: number) => string;
  currentIssue: string;
  onFollow: (bet: ChatBet) => void;
}) {
  const { t } = useTranslation();
  const who = m.mine ? t('room.me') : (m.nickname ?? '');
  const bets = bet.orders.map((o) => `${className(o.play_type)} ${o.quantity}`).join(', ');
  return (
    <div
      className={`room-bet room-msg ${m.mine ? 'room-bet-mine' : ''}`}
      data-testid="chat-bet-message"
      data-kind="bet"
      data-mine={m.mine ? 'true' : 'false'}
      role="article"
      aria-label={t('room.chat.betLabel', { nickname: who, bets })}
    >
      <span className="room-bet-avatar" aria-hidden>
        {[...(m.nickname ?? '?')][0]?.toUpperCase() ?? '?'}
      </span>
      <div className="room-bet-bubble">
        <div className="room-bet-top">
          <span className="room-bet-nick">{who}</span>
          <span className="room-msg-kind">{t('room.chat.betKind')}</span>
        </div>
        <ul className="room-bet-orders">
          {bet.orders.map((o) => (
            <li key={o.order_no} data-testid="chat-bet-order">
              <span className="room-bet-method">{className(o.play_type)}</span> <span className="room-bet-amount">{o.quantity} u</span>{' '}
              <span className="room-bet-order-no">{t('room.chat.orderNo', { no: o.order_no })}</span>
            </li>
          ))}
        </ul>
        {!m.mine && (
          <button type="button" className="room-follow" onClick={() => onFollow(bet)} disabled={bet.issue !== currentIssue} data-testid="chat-bet-follow">
            <span>{t('room.follow')}</span>
          </button>
        )}
      </div>
    </div>
  );
}
