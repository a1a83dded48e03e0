import { Button, Card, Dialog, ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { newIdempotencyKey } from '../../../lib/api';
import { showError, showSuccess } from '../../../lib/feedback';
import { formatInZone, ZONED_MINUTE } from '../../../lib/operatorTime';
import { useClaimReward, useForfeitBonus, type RewardCard } from '../api/rewards';
import './rewards.css';

const STATE_COLOR = { waiting: 'default', available: 'success', in_progress: 'primary', claimed: 'default', expired: 'warning' } as const;

/**
 * A card's state in words. A live campaign with nothing for the player yet is not "not started": a
 * rakeback has nothing accrued yet, a first-deposit bonus awaits the first deposit.
 */
const stateKey = (card: RewardCard): string =>
  card.state === 'waiting' && (card.kind === 'rakeback' || card.kind === 'first_deposit') ? `rewards.waiting.${card.kind}` : `rewards.state.${card.state}`;

/** The 7-day strip of a check-in: done days, today, the days to come. */
function CheckInStrip({ card }: { card: RewardCard }) {
  const { t } = useTranslation();
  const c = card.check_in!;
  return (
    <>
      <ol className="checkin-strip" data-testid="checkin-strip">
        {c.rewards.map((amount, i) => {
          const day = i + 1;
          const done = day <= c.streak;
          const next = !c.today_done && day === c.next_day;
          return (
            <li key={day} className={done ? 'done' : next ? 'next' : ''} data-testid={`checkin-day-${day}`} data-done={done}>
              <span>{t('rewards.checkIn.day', { n: day })}</span>
              <strong>{amount}</strong>
            </li>
          );
        })}
      </ol>
      <p className="reward-line">{c.today_done ? t('rewards.checkIn.done') : t('rewards.checkIn.streak', { count: c.streak })}</p>
      <p className="reward-hint">{t('rewards.checkIn.missed')}</p>
    </>
  );
}

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

function BonusProgress({ card }: { card: RewardCard }) {
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

function RakebackDays({ card }: { card: RewardCard }) {
  const { t } = useTranslation();
  const r = card.rakeback!;
  const tier = r.tier === null ? null : r.tiers[r.tier];
  return (
    <>
      <p className="reward-line">{tier ? t('rewards.rakeback.tier', { name: tier.name, rate: tier.rate_bp / 100 }) : t('rewards.rakeback.noTier')}</p>
      <p className="reward-hint">
        {t('rewards.rakeback.tiers')}: {r.tiers.map((x) => `${x.name} ≥ ${x.min_stake} u · ${x.rate_bp / 100} %`).join(' / ')}
      </p>
      <p className="reward-line">{t('rewards.rakeback.stakes', { amount: r.stakes_30d })}</p>
      <p className="reward-line">{t('rewards.rakeback.today', { amount: r.today })}</p>
      <ul className="rakeback-days">
        {r.days
          .filter((d) => d.state !== 'accruing')
          .map((d) => (
            <li key={d.day} className={d.state}>
              {t('rewards.rakeback.day', { day: d.day, amount: d.amount })} ·{' '}
              {d.state === 'available'
                ? t('rewards.rakeback.lapses', { date: d.lapses_on })
                : d.state === 'expired'
                  ? t('rewards.rakeback.lapsed')
                  : t('rewards.rakeback.claimedDay')}
            </li>
          ))}
      </ul>
    </>
  );
}

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
