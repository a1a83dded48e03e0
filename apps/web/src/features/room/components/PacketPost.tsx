import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as api from '@lucky28/shared/api/refs';
import type { ChatSystemPost } from '@lucky28/shared/schemas';
import { ApiError, call } from '../../../lib/api';
import { formatInZone, ZONED_MINUTE } from '../../../lib/operatorTime';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import './PacketPost.css';

const str = (params: ChatSystemPost['params'], name: string) => String(params[name] ?? '');

/** The way to the fairness page's check of this packet: its seed hash now, every share once it is revealed. */
function CheckLink({ packetId }: { packetId: number }) {
  const { t } = useTranslation();
  return (
    <Link to={`/fair?packet=${packetId}`} data-testid="packet-check-link">
      {t('room.chat.packet.checkLink')}
    </Link>
  );
}

/** A red packet's claim button on its drop post: the share got, or why none (the server's words). */
function ClaimButton({ packetId }: { packetId: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ busy: boolean; said: string | null }>({ busy: false, said: null });
  const claim = async () => {
    setState({ busy: true, said: null });
    try {
      const done = await call(api.packets.packetClaim, { packet_id: packetId });
      setState({ busy: false, said: t('room.chat.packet.got', { amount: done.share }) });
    } catch (err) {
      setState({ busy: false, said: err instanceof ApiError ? err.message : String(err) });
    }
  };
  return (
    <span className="room-packet-claim">
      <button type="button" className="room-packet-button" data-testid="packet-claim" disabled={state.busy} onClick={() => void claim()}>
        {state.busy ? t('room.chat.packet.claiming') : t('room.chat.packet.claim')}
      </button>
      {state.said !== null && (
        <span className="room-packet-said" data-testid="packet-said" role="status">
          {state.said}
        </span>
      )}
    </span>
  );
}

/**
 * The posts of a red packet in the room (docs/red-packets.md#claiming): its drop with a claim button (and
 * its opening time when scheduled, `postedAt` being the post's unix time), each claim ("x***y got 3.20 u") and its close; null for another post.
 * The drop and the close link to the packet's check on the fairness page.
 */
export function usePacketPostBody(post: ChatSystemPost | null, postedAt: number) {
  const { t } = useTranslation();
  const zone = useOperatorZone();
  if (!post) return null;
  const { params } = post;
  const packetId = Number(params.packet_id);
  switch (post.key) {
    case 'chat.packet.dropped': {
      const opensAt = Number(params.opens_at);
      // Scheduled: it opens later than it was posted.
      const later = Number.isFinite(opensAt) && opensAt > postedAt + 30;
      return (
        <>
          {t('room.chat.packet.dropped', { total: params.total, shares: params.shares })}
          {str(params, 'greeting') && <> {str(params, 'greeting')}</>}
          {later && <> {t('room.chat.packet.opensAt', { time: formatInZone(opensAt, zone, ZONED_MINUTE) })}</>} <ClaimButton packetId={packetId} />{' '}
          <CheckLink packetId={packetId} />
        </>
      );
    }
    case 'chat.packet.claimed':
      return t('room.chat.packet.claimed', { name: params.name, amount: params.amount });
    case 'chat.packet.closed':
      return (
        <>
          {t('room.chat.packet.closed')} <CheckLink packetId={packetId} />
        </>
      );
    default:
      return null;
  }
}
