import { useTranslation } from 'react-i18next';
import type { LotteryGame, LotteryPlan } from '../../../lib/api/lottery';
import { gameNameKey } from '../../../lib/gameName';
import { splitDuration } from '../model/timing';

/** Which room's configuration the page describes: a game row and a room row of chips. */
export function RoomPicker({
  games,
  game,
  plan,
  onChoose,
}: {
  games: LotteryGame[];
  game?: LotteryGame;
  plan?: LotteryPlan;
  onChoose: (planId: number) => void;
}) {
  const { t } = useTranslation();
  if (!game || !plan) return null;
  return (
    <div className="rules-picker">
      <div className="l28-chips" role="group" aria-label={t('rules.game')}>
        {games.map((g) => (
          <button
            key={g.id}
            type="button"
            className={`l28-chip ${g.id === game.id ? 'l28-chip-on' : ''}`}
            onClick={() => g.planList[0] && onChoose(g.planList[0].id)}
          >
            {t(gameNameKey(g.id))}
          </button>
        ))}
      </div>
      <div className="l28-chips" role="group" aria-label={t('rules.room')}>
        {game.planList.map((p) => (
          <button key={p.id} type="button" className={`l28-chip rules-chip-room ${p.id === plan.id ? 'l28-chip-on' : ''}`} onClick={() => onChoose(p.id)}>
            {t(`hall.tier.${p.type}`, { defaultValue: p.title })}
          </button>
        ))}
      </div>
    </div>
  );
}

export function ScheduleFacts({ game, roundSeconds, closeBefore }: { game?: LotteryGame; roundSeconds: number | null; closeBefore: number | null }) {
  const { t } = useTranslation();
  if (!game) return null;
  const { min, sec } = splitDuration(roundSeconds ?? 0);
  return (
    <ul className="rules-facts">
      <li>
        <span>{t('rules.roundLength')}</span>
        <b data-testid="rules-round">
          {roundSeconds === null ? '—' : !min ? t('rules.durationSec', { sec }) : !sec ? t('rules.durationMin', { min }) : t('rules.duration', { min, sec })}
        </b>
      </li>
      <li>
        <span>{t('rules.closeBefore')}</span>
        <b data-testid="rules-close">{closeBefore === null ? '—' : t('rules.seconds', { count: closeBefore })}</b>
      </li>
      <li>
        <span>{t('rules.hours')}</span>
        <b>{game.open_from && game.open_to ? t('rules.hoursRange', { from: game.open_from, to: game.open_to }) : t('rules.allDay')}</b>
      </li>
      <li>
        <span>{t('rules.status')}</span>
        <b className={game.game_status === 1 ? 'rules-open' : 'rules-closed'}>{game.game_status === 1 ? t('rules.open') : t('rules.stopped')}</b>
      </li>
    </ul>
  );
}
