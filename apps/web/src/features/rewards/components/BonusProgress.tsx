import { Button, Dialog, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/api';
import { showError, showSuccess } from '../../../lib/feedback';
import { useForfeitBonus, type RewardCard } from '../api/rewards';

/**
 * The way out of a bonus being wagered (rewards/forfeit): the rule, and a button that first says what
 * is lost — what is left of the bonus in stored funds, what bets paid with it won, in all — and that
 * it cannot be undone; only then is the amount shown forfeited.
 */
function BonusForfeit({ card }: { card: RewardCard }) {
  const { t } = useTranslation();
  const forfeit = useForfeitBonus();
  const f = card.bonus!.forfeit!;
  const ask = async () => {
    const confirmed = await Dialog.confirm({
      title: t('rewards.bonus.forfeitTitle'),
      content: (
        <div className="bonus-forfeit-confirm" data-testid="bonus-forfeit-confirm">
          <p>{t('rewards.bonus.forfeitLeft', { amount: f.left })}</p>
          {f.won !== '0.00' && <p>{t('rewards.bonus.forfeitWon', { amount: f.won })}</p>}
          <p>
            <strong>{t('rewards.bonus.forfeitTotal', { amount: f.total })}</strong>
          </p>
          <p>{t('rewards.bonus.forfeitFinal')}</p>
        </div>
      ),
      confirmText: t('rewards.bonus.forfeitConfirm', { amount: f.total }),
      cancelText: t('rewards.bonus.forfeitKeep'),
    });
    if (!confirmed) return;
    forfeit.mutate({ campaignId: card.id, amount: f.total, key: newIdempotencyKey() }, { onSuccess: (a) => showSuccess(a.msg), onError: showError });
  };
  return (
    <>
      <p className="reward-hint" data-testid="bonus-forfeit-rule">
        {t('rewards.bonus.forfeitRule')}
      </p>
      {f.open_bets && <p className="reward-hint">{t('rewards.bonus.forfeitWaiting')}</p>}
      <Button
        block
        color="danger"
        fill="outline"
        className="bonus-forfeit"
        disabled={f.open_bets}
        loading={forfeit.isPending}
        data-testid="bonus-forfeit"
        onClick={() => void ask()}
      >
        {t('rewards.bonus.forfeitButton')}
      </Button>
    </>
  );
}

export function BonusProgress({ card }: { card: RewardCard }) {
  const { t } = useTranslation();
  const b = card.bonus!;
  const percent = Number(b.required) > 0 ? Math.min(100, (Number(b.staked) / Number(b.required)) * 100) : 100;
  return (
    <>
      {/* The campaign's offer until the bonus is granted; then the grant's own terms (an operator's later edit changes only the offer). */}
      <p className="reward-line" data-testid="bonus-terms">
        {b.amount === null
          ? t('rewards.bonus.terms', { percent: b.percent, cap: b.cap, multiple: b.wager_multiple })
          : t('rewards.bonus.grantedTerms', { multiple: b.wager_multiple })}
      </p>
      {b.amount === null ? (
        <>
          {card.state === 'waiting' && <p className="reward-hint">{t('rewards.bonus.waiting')}</p>}
          {b.expired_reason === 'withdrawal' && (
            <p className="reward-hint" data-testid="bonus-expired-reason">
              {t('rewards.bonus.afterWithdrawal')}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="reward-line" data-testid="bonus-amount">
            {t('rewards.bonus.amount', { amount: b.amount })}
          </p>
          <ProgressBar percent={percent} />
          <p className="reward-line" data-testid="bonus-progress">
            {t('rewards.bonus.progress', { staked: b.staked, required: b.required })}
          </p>
        </>
      )}
      {b.released !== null && (
        <p className="reward-line" data-testid="bonus-released">
          {t('rewards.bonus.released', { amount: b.released })}
        </p>
      )}
      {b.forfeited !== null && (
        <p className="reward-line" data-testid="bonus-forfeited">
          {t('rewards.bonus.forfeited', { amount: b.forfeited })}
        </p>
      )}
      {b.forfeit && <BonusForfeit card={card} />}
    </>
  );
}
