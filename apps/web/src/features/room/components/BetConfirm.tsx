import { Button, Checkbox, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@lucky28/shared/money';
import { formatOdds } from '@lucky28/shared/game';
import { useBackCloses } from '../../../hooks/useBackCloses';
import type { ChatSlipLine } from '../model/chatBets';

/**
 * The confirmation of a slip typed in the room's chat (docs/chat.md#bet-by-message): each bet with its
 * odds and stake, the total and the balance after; one tap places it (a second tap while it is placed
 * does nothing, and a retry carries the slip's own Idempotency-Key). The switch places later chat bets
 * without this confirmation.
 */
export function BetConfirm({
  slip,
  issue,
  balanceAfter,
  submitting,
  atOnce,
  onAtOnce,
  onConfirm,
  onClose,
}: {
  slip: { lines: ChatSlipLine[]; total: number } | null;
  issue: string;
  balanceAfter: string | null;
  submitting: boolean;
  atOnce: boolean;
  onAtOnce: (on: boolean) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const visible = slip !== null;
  useBackCloses(visible, onClose, 'chat-bet-confirm');
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bp">
      {slip && (
        <div className="bp-scroll" data-testid="chat-bet-confirm">
          <div className="bp-head">
            <span className="bp-issue">{t('room.betOn', { issue })}</span>
            <button type="button" className="bp-close" onClick={onClose} aria-label={t('common.cancel')}>
              ×
            </button>
          </div>
          <h3 className="bp-review-title">{t('room.chat.confirmTitle')}</h3>
          <ul className="bp-review" aria-label={t('room.chat.confirmTitle')}>
            {slip.lines.map((l) => (
              <li key={l.classId} className="bp-review-line" data-testid="chat-bet-line">
                <span className="bp-review-name">{l.name}</span>
                <span className="bp-review-odds">×{formatOdds(l.odds)}</span>
                <span className="bp-review-stake">{formatMoney(l.stake)} u</span>
              </li>
            ))}
          </ul>
          <p className="bp-total">
            {t('room.totalBet')} <b data-testid="chat-bet-total">{formatMoney(slip.total)}</b> u
          </p>
          <p className="bp-total">
            {t('room.chat.balanceAfter')} <b data-testid="chat-bet-balance-after">{balanceAfter ?? '--'}</b> u
          </p>
          <Checkbox className="bp-at-once" checked={atOnce} onChange={onAtOnce} data-testid="chat-bet-at-once">
            {t('room.chat.atOnce')}
          </Checkbox>
          <Button block color="primary" loading={submitting} disabled={submitting} onClick={onConfirm} data-testid="chat-bet-place">
            {t('room.placeBet')}
          </Button>
        </div>
      )}
    </Popup>
  );
}
