import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatMessage, ChatSystemPost } from '@lucky28/shared/schemas';
import { usePacketPostBody } from './PacketPost';
import './SystemPost.css';

type Params = ChatSystemPost['params'];

const str = (params: Params, name: string) => String(params[name] ?? '');

/** Where the fairness page checks a round: its draw, and (with the room) its accepted-bets list. */
function fairLink(params: Params, planId?: number): string {
  const q = new URLSearchParams({ game_id: str(params, 'game_id'), issue: str(params, 'issue') });
  if (planId !== undefined) q.set('plan_id', String(planId));
  return `/fair?${q.toString()}${planId !== undefined ? '#accepted-bets' : ''}`;
}

/** A post's words in the viewer's language, with its links; null for a key this app does not know (the English text is shown). */
function usePostBody(post: ChatSystemPost | null, planId: number): ReactNode {
  const { t } = useTranslation();
  if (!post) return null;
  const { params } = post;
  switch (post.key) {
    case 'chat.round.closing':
      // `count` picks the plural form ("1 second"); the text shows `seconds`.
      return t('room.chat.round.closing', { issue: params.issue, seconds: params.seconds, count: Number(params.seconds) });
    case 'chat.round.closed':
      return t('room.chat.round.closed', { issue: params.issue });
    case 'chat.round.list':
      return (
        <>
          {t('room.chat.round.list', { issue: params.issue, count: Number(params.count) })}{' '}
          <code className="room-system-hash" data-testid="system-hash">
            {str(params, 'hash')}
          </code>{' '}
          <Link to={fairLink(params, planId)} data-testid="system-list-link">
            {t('room.chat.round.listLink')}
          </Link>
        </>
      );
    case 'chat.round.draw': {
      const tags = str(params, 'tags')
        .split(',')
        .filter(Boolean)
        .map((id) => t(`betClass.${id}`));
      return (
        <>
          {t('room.chat.round.draw', { issue: params.issue, digits: `${params.d1} + ${params.d2} + ${params.d3}`, total: params.total })}
          {tags.length > 0 && <span className="room-system-tags"> {tags.join(' · ')}</span>}{' '}
          <Link to={fairLink(params)} data-testid="system-verify-link">
            {t('room.chat.round.verifyLink')}
          </Link>
        </>
      );
    }
    case 'chat.round.winners':
      return t('room.chat.round.winners', { issue: params.issue, count: params.count, winners: params.winners });
    case 'chat.round.no_winners':
      return t('room.chat.round.noWinners', { issue: params.issue });
    default:
      return null;
  }
}

/**
 * A post of the system in the room's timeline (docs/chat.md#the-rounds-posts): marked as the system,
 * in the viewer's language from its key and parameters, with the links to the round's accepted-bets
 * list and to the draw's verification; the English text the server stored when the key is unknown.
 */
export function SystemPost({ m }: { m: ChatMessage }) {
  const { t } = useTranslation();
  const roundBody = usePostBody(m.system, m.plan_id);
  const packetBody = usePacketPostBody(m.system, m.createtime);
  const body = roundBody ?? packetBody;
  return (
    <div className="room-system" data-testid="chat-message" data-kind="system" data-key={m.system?.key ?? ''} role="note">
      <span className="room-system-mark">{t('room.chat.system')}</span>
      <span className="sr-only">: </span>
      <span className="room-system-text">{body ?? m.text}</span>
    </div>
  );
}
