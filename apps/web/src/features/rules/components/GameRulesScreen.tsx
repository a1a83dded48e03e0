import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatOdds, isSumClassId } from '@lucky28/shared/game';
import { Page } from '../../../components/Page';
import { ruleGroups, rtpRange } from '../model/rulesTable';
import { BetWriting } from './BetWriting';
import { RoomPicker, ScheduleFacts } from './RoomPicker';
import { useRoomRules } from './useRoomRules';
import './rules.css';

/**
 * /GameRules: the rules and the full odds table of a room, generated from its actual
 * configuration (oddsList) and the shared return-to-player function — never typed by hand — and
 * how a bet is written (the shared bet grammar).
 */
export function GameRulesScreen() {
  const { t } = useTranslation();
  const r = useRoomRules();
  const groups = ruleGroups(r.classes);
  const specials = r.classes.filter((c) => c.oddsSpecial !== null && !isSumClassId(c.classId));
  const specialBySame = new Map<string, string[]>();
  for (const c of specials) {
    const k = formatOdds(c.oddsSpecial!);
    specialBySame.set(k, [...(specialBySame.get(k) ?? []), c.name]);
  }
  return (
    <Page title={t('routes.gameRules')} className="rules">
      <RoomPicker games={r.games} game={r.game} plan={r.plan} onChoose={r.choose} />
      {r.loading && <Skeleton.Paragraph lineCount={10} animated className="rules-skeleton" />}
      {r.error && <ErrorBlock status="disconnected" title={t('common.failed')} description={r.error.message} />}
      {!r.loading && r.game && (
        <>
          <section className="l28-surface rules-card">
            <h2>{t('rules.scheduleTitle')}</h2>
            <ScheduleFacts game={r.game} roundSeconds={r.roundSeconds} closeBefore={r.closeBefore} />
          </section>
          <section className="l28-surface rules-card">
            <h2>{t('rules.resultTitle')}</h2>
            <p>{t('rules.resultText')}</p>
          </section>
          {groups.map((g) => {
            const range = rtpRange(g.rows);
            return (
              <section key={g.group} className="l28-surface rules-card" data-testid={`rules-group-${g.group}`}>
                <h2>{t(`rules.group.${g.group}`)}</h2>
                <p>{t(`rules.groupText.${g.group}`)}</p>
                <table className="rules-table">
                  <thead>
                    <tr>
                      <th>{t('rules.colBet')}</th>
                      <th>{t('rules.colOdds')}</th>
                      {g.group !== 'sum' && <th>{t('rules.colMiddle')}</th>}
                      <th>{t('rules.colStake')}</th>
                      <th>{t('rules.colRtp')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.rows.map((row) => (
                      <tr key={row.classId} data-class={row.classId}>
                        <td className="rules-bet">{row.name}</td>
                        <td className="rules-odds">{row.odds}</td>
                        {g.group !== 'sum' && <td>{row.oddsSpecial ?? '—'}</td>}
                        <td className="rules-limits">{row.limits}</td>
                        <td>{row.rtp}%</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {range && range.min !== range.max && <p className="rules-foot">{t('rules.rtpRange', range)}</p>}
              </section>
            );
          })}
          <BetWriting nameOf={(id) => r.classes.find((c) => c.classId === id)?.name} />
          <section className="l28-surface rules-card" data-testid="rtp-explained">
            <h2>{t('rules.rtpTitle')}</h2>
            <p>{t('rules.rtpWhat')}</p>
            <p>{t('rules.rtpExample')}</p>
            <p>{t('rules.rtpShortRun')}</p>
          </section>
          <section className="l28-surface rules-card">
            <h2>{t('rules.notesTitle')}</h2>
            <ul className="rules-notes">
              <li>{t('rules.noteOdds')}</li>
              {[...specialBySame].map(([odds, names]) => (
                <li key={odds}>{t(odds === '1.00' ? 'rules.noteStakeBack' : 'rules.noteMiddle', { names: names.join(t('rules.listSep')), odds })}</li>
              ))}
              <li>{t('rules.noteRtp')}</li>
              <li>{t('rules.noteSettle')}</li>
            </ul>
          </section>
        </>
      )}
    </Page>
  );
}
