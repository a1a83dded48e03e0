import { useTranslation } from 'react-i18next';
import type { RewardCard } from '../api/rewards';

/** A rakeback card's tier, stakes and days (accruing today, claimable, lapsed, claimed). */
export function RakebackDays({ card }: { card: RewardCard }) {
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
