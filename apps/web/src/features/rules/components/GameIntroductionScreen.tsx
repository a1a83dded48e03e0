import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatOdds } from '@lucky28/shared/game';
import { Page } from '../../../components/Page';
import { ruleGroups } from '../model/rulesTable';
import { RoomPicker, ScheduleFacts } from './RoomPicker';
import { useRoomRules } from './useRoomRules';
import './rules.css';

/** /GameIntroduction: how a 28 game works, with every figure taken from the room's configuration. */
export function GameIntroductionScreen() {
  const { t } = useTranslation();
  const r = useRoomRules();
  const groups = ruleGroups(r.classes);
  const oddsSpan = (group: string) => {
    const rows = r.classes.filter((c) => groups.find((g) => g.group === group)?.rows.some((row) => row.classId === c.classId));
    if (rows.length === 0) return null;
    const values = rows.map((c) => c.odds);
    const lo = formatOdds(Math.min(...values));
    const hi = formatOdds(Math.max(...values));
    return lo === hi ? lo : `${lo} – ${hi}`;
  };
  const steps = [
    { key: 'pick', params: { rooms: r.game?.planList.length ?? 0, min: r.plan?.min_limit ?? '' } },
    { key: 'bet', params: {} },
    { key: 'draw', params: {} },
    { key: 'settle', params: {} },
  ];
  return (
    <Page title={t('routes.gameIntroduction')} className="rules">
      <section className="l28-hero rules-hero">
        <h2>{t('rules.introTitle')}</h2>
        <p>{t('rules.introText')}</p>
      </section>
      <RoomPicker games={r.games} game={r.game} plan={r.plan} onChoose={r.choose} />
      {r.loading && <Skeleton.Paragraph lineCount={8} animated className="rules-skeleton" />}
      {r.error && <ErrorBlock status="disconnected" title={t('common.failed')} description={r.error.message} />}
      {!r.loading && r.game && (
        <>
          <section className="l28-surface rules-card">
            <ScheduleFacts game={r.game} roundSeconds={r.roundSeconds} closeBefore={r.closeBefore} />
          </section>
          <ol className="rules-steps">
            {steps.map((s, i) => (
              <li key={s.key}>
                <span className="rules-step-n">{i + 1}</span>
                <div>
                  <h3>{t(`rules.step.${s.key}.title`)}</h3>
                  <p>{t(`rules.step.${s.key}.text`, s.params)}</p>
                </div>
              </li>
            ))}
          </ol>
          <section className="l28-surface rules-card">
            <h2>{t('rules.betTypes')}</h2>
            <ul className="rules-types">
              {groups.map((g) => (
                <li key={g.group}>
                  <div>
                    <b>{t(`rules.group.${g.group}`)}</b>
                    <p>{t(`rules.groupText.${g.group}`)}</p>
                  </div>
                  <span className="rules-type-odds">{oddsSpan(g.group)}</span>
                </li>
              ))}
            </ul>
            <Link to={`/GameRules?plan_id=${r.plan?.id ?? ''}`} className="rules-link">
              {t('rules.fullTable')}
            </Link>
          </section>
          <section className="l28-surface rules-card rules-fair">
            <h2>{t('rules.fairTitle')}</h2>
            <p>{t('rules.fairText')}</p>
            <Link to={`/fair?game_id=${r.game.id}`} className="rules-link">
              {t('rules.fairLink')}
            </Link>
          </section>
        </>
      )}
    </Page>
  );
}
