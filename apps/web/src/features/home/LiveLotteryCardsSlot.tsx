import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The five games in home-card order (tab index), spec §2.3. */
const GAMES = [
  { id: 7, key: 'games.us', tab: 0, flag: 'US' },
  { id: 6, key: 'games.eu', tab: 1, flag: 'EU' },
  { id: 5, key: 'games.kr', tab: 2, flag: 'KR' },
  { id: 2, key: 'games.au', tab: 3, flag: 'AU' },
  { id: 1, key: 'games.ca', tab: 4, flag: 'CA' },
] as const;

/**
 * SLOT for the live lottery cards (round, betting/closed tag, countdown, recent 36 draws, "Bet now",
 * real order count), which arrive with the game release. Until then each game links to its hall tab
 * and says honestly that live data is coming.
 */
export function LiveLotteryCardsSlot() {
  const { t } = useTranslation();
  return (
    <section className="home-section" data-slot="live-lottery-cards" aria-labelledby="home-games-title">
      <h2 id="home-games-title" className="section-title">
        {t('home.games')}
      </h2>
      <ul className="game-list">
        {GAMES.map((g) => (
          <li key={g.id}>
            <Link className="game-row" to={`/lottery?tab=${g.tab}`}>
              <span className={`game-flag game-flag-${g.flag.toLowerCase()}`} aria-hidden>
                {g.flag}
              </span>
              <span className="game-name">{t(g.key)}</span>
              <span className="game-soon">{t('home.liveSoon')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
