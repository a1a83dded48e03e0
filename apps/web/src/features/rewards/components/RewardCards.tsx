import { Button, Card, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { showError, showSuccess } from '../../../lib/feedback';
import { formatInZone, ZONED_MINUTE } from '../../../lib/operatorTime';
import { useClaimReward, type RewardCard } from '../api/rewards';
import { BonusProgress } from './BonusProgress';
import { CheckInStrip } from './CheckInStrip';
import { RakebackDays } from './RakebackDays';
import './rewards.css';

const STATE_COLOR = { waiting: 'default', available: 'success', in_progress: 'primary', claimed: 'default', expired: 'warning' } as const;

/**
 * A card's state in words. A live campaign with nothing for the player yet is not "not started": a
 * rakeback has nothing accrued yet, a first-deposit bonus awaits the first deposit.
 */
const stateKey = (card: RewardCard): string =>
  card.state === 'waiting' && (card.kind === 'rakeback' || card.kind === 'first_deposit') ? `rewards.waiting.${card.kind}` : `rewards.state.${card.state}`;

/** One campaign: its title, terms in plain words, state, progress and the claim button. */
export function RewardCardView({ card }: { card: RewardCard }) {
  const { t } = useTranslation();
  const claim = useClaimReward();
  const zone = useOperatorZone();
  const releasing = card.kind === 'first_deposit' && card.bonus?.amount !== null;
  const label =
    card.state !== 'available'
      ? t('rewards.claim')
      : releasing
        ? t('rewards.release', { amount: card.claimable })
        : t('rewards.claimAll', { amount: card.claimable });
  return (
    <Card
      className="reward-card"
      data-testid={`reward-${card.kind}`}
      data-state={card.state}
      title={card.title}
      extra={
        <Tag color={STATE_COLOR[card.state]} data-testid="reward-state">
          {t(stateKey(card))}
        </Tag>
      }
    >
      {card.banner && <img className="reward-banner" src={card.banner} alt="" width={750} height={300} loading="lazy" />}
      <p className="reward-terms">{card.terms_text}</p>
      {card.kind === 'check_in' && card.check_in && <CheckInStrip card={card} />}
      {card.kind === 'first_deposit' && card.bonus && <BonusProgress card={card} />}
      {card.kind === 'rakeback' && card.rakeback && <RakebackDays card={card} />}
      {card.ends_at !== null && (
        <p className="reward-hint" data-testid="reward-ends">
          {t('rewards.endsAt', { date: formatInZone(card.ends_at, zone, ZONED_MINUTE) })}
        </p>
      )}
      <Button
        block
        color="primary"
        disabled={card.state !== 'available'}
        loading={claim.isPending}
        data-testid="reward-claim"
        onClick={() => claim.mutate(card.id, { onSuccess: (a) => showSuccess(a.msg), onError: showError })}
      >
        {label}
      </Button>
    </Card>
  );
}

/**
 * The player's campaigns (or why there are none: opted out, a limit reached — then only a bonus still
 * being wagered, which holds withdrawals back until it is forfeited).
 */
export function RewardCards({ data }: { data: { opt_out: boolean; limit_resets: string | null; list: RewardCard[] } }) {
  const { t } = useTranslation();
  const note = data.opt_out ? t('rewards.optedOut') : data.limit_resets ? t('rewards.limitReached', { resets: data.limit_resets }) : null;
  const cards =
    data.list.length > 0 || note === null ? (
      <section className="reward-cards" data-testid="reward-cards">
        {data.list.map((card) => (
          <RewardCardView key={card.id} card={card} />
        ))}
      </section>
    ) : null;
  if (note === null) return cards;
  return (
    <>
      <p className="reward-note">{note}</p>
      {cards}
    </>
  );
}
