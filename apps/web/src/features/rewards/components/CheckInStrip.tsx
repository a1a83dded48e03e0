import { useTranslation } from 'react-i18next';
import type { RewardCard } from '../api/rewards';

/** The 7-day strip of a check-in: done days, today, the days to come. */
export function CheckInStrip({ card }: { card: RewardCard }) {
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
