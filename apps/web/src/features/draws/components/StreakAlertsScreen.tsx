import { List, Skeleton, Stepper, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { STREAK_ALERT_RUN } from '@lucky28/shared/schemas';
import { Page } from '../../../components/Page';
import { LoadError } from '../../../components/LoadError';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { showError } from '../../../lib/feedback';
import { formatInZone, ZONED_MINUTE } from '../../../lib/operatorTime';
import { useDrawStatistics } from '../api/draws';
import { useAlertHold, useSetStreakAlert, useStreakAlerts } from '../api/streakAlerts';
import { alertHold, alertRows, clampRun, type AlertRow } from '../model/streakAlerts';
import { GameTabs, gameFromParam } from './GameTabs';
import { IndependenceNote } from './IndependenceNote';
import './draws.css';

/** Why no alert reaches this player now (a break, or promotions turned off), with the way to Responsible play. */
function HoldNotice() {
  const { t } = useTranslation();
  const zone = useOperatorZone();
  const { exclusion, optedOut } = useAlertHold();
  const hold = alertHold(exclusion, optedOut);
  if (!hold) return null;
  return (
    <p className="streak-alerts-held" role="status" data-testid="alerts-held" data-hold={hold}>
      {t(`draws.alerts.held.${hold}`, { until: exclusion ? formatInZone(exclusion.until, zone, ZONED_MINUTE) : '' })}{' '}
      <Link to="/responsiblePlay" className="trend-stats-fair">
        {t('draws.alerts.responsiblePlay')}
      </Link>
    </p>
  );
}

function AlertItem({ gameId, row }: { gameId: number; row: AlertRow }) {
  const { t } = useTranslation();
  const save = useSetStreakAlert();
  const set = (on: boolean, run: number) => save.mutate({ gameId, classId: row.classId, run, on }, { onError: showError });
  const name = t(`betClass.${row.classId}`);
  return (
    <List.Item
      data-testid={`alert-row-${row.classId}`}
      description={
        <span data-testid={`alert-current-${row.classId}`}>
          {row.current > 0 ? t('draws.alerts.current', { count: row.current }) : t('draws.alerts.notRunning')}
        </span>
      }
      extra={
        <Switch
          checked={row.alert !== null}
          loading={save.isPending}
          aria-label={t('draws.alerts.switch', { name })}
          data-testid={`alert-switch-${row.classId}`}
          onChange={(on) => set(on, row.alert ?? STREAK_ALERT_RUN.default)}
        />
      }
    >
      <span className="streak-alert-name">{name}</span>
      {row.alert !== null && (
        <span className="streak-alert-run">
          <span>{t('draws.alerts.at')}</span>
          <Stepper
            min={STREAK_ALERT_RUN.min}
            max={STREAK_ALERT_RUN.max}
            digits={0}
            value={row.alert}
            disabled={save.isPending}
            inputReadOnly
            aria-label={t('draws.alerts.runLabel', { name })}
            data-testid={`alert-run-${row.classId}`}
            onChange={(run) => set(true, clampRun(run))}
          />
        </span>
      )}
    </List.Item>
  );
}

/**
 * /streakAlerts (docs/statistics.md#streak-alerts): per game, the current run of each class and the
 * player's own alerts on them — off unless turned on —, with the independence statement, and why
 * none is sent when the player is on a break or opted out of promotions.
 */
export function StreakAlertsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gameId = gameFromParam(params.get('game_id'));
  const stats = useDrawStatistics(gameId);
  const alerts = useStreakAlerts();
  const failed = (stats.isError && !stats.data) || (alerts.isError && !alerts.data);
  return (
    <Page title={t('draws.alerts.title')} className="draws">
      <GameTabs gameId={gameId} onChange={(id) => setParams({ game_id: String(id) }, { replace: true })} />
      <section className="l28-surface trend-stats streak-alerts" data-testid="streak-alerts">
        <IndependenceNote />
        <p className="trend-stats-note">{t('draws.alerts.intro')}</p>
        <HoldNotice />
        {failed && (
          <LoadError
            error={stats.error ?? alerts.error}
            onRetry={() => {
              void stats.refetch();
              void alerts.refetch();
            }}
          />
        )}
        {!failed && (!stats.data || !alerts.data) && <Skeleton.Paragraph lineCount={10} animated />}
        {stats.data && alerts.data && (
          <List className="streak-alert-list">
            {alertRows(gameId, stats.data.runs, alerts.data).map((row) => (
              <AlertItem key={row.classId} gameId={gameId} row={row} />
            ))}
          </List>
        )}
      </section>
    </Page>
  );
}
