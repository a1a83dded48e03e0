import { useEffect, useRef, useState } from 'react';
import { App, Space, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queueCountsQuery } from '../../../lib/queueCounts';
import { alertOn, arrivals, setAlertOn, type AlertKind, type MoneyQueueCounts } from '../model/alerts';
import { playChime } from '../model/chime';

/** Whether this browser can show desktop notifications at all. */
const canNotify = () => typeof window.Notification === 'function';

/**
 * The switches of the announcements of new deposits and withdrawals (a chime, a desktop
 * notification), in the console's header; the menu's counts poll (lib/queueCounts.ts) and a count
 * that rises between two readings announces its new requests. Desktop notifications ask the
 * browser's permission when switched on (a user action, as browsers require).
 */
export function QueueAlerts() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const counts = useQuery(queueCountsQuery).data;
  const [on, setOn] = useState<Record<AlertKind, boolean>>(() => ({ sound: alertOn('sound'), desktop: alertOn('desktop') && canNotify() }));
  const last = useRef<MoneyQueueCounts | null>(null);

  useEffect(() => {
    if (!counts) return;
    const now = { deposits: counts.deposits, withdrawals: counts.withdrawals };
    const arrived = arrivals(last.current, now);
    last.current = now;
    const lines = [
      arrived.deposits ? t('queue.alerts.newDeposits', { count: arrived.deposits }) : null,
      arrived.withdrawals ? t('queue.alerts.newWithdrawals', { count: arrived.withdrawals }) : null,
    ].filter((l): l is string => l !== null);
    if (lines.length === 0) return;
    if (on.sound) playChime();
    if (on.desktop && canNotify() && Notification.permission === 'granted') new Notification(t('app.title'), { body: lines.join('\n'), tag: 'lucky28-queues' });
    // Only a new reading announces; a switch turned on later does not replay the last one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [counts]);

  const change = (kind: AlertKind, value: boolean) => {
    setAlertOn(kind, value);
    setOn((o) => ({ ...o, [kind]: value }));
  };
  const switchDesktop = async (value: boolean) => {
    if (!value) return change('desktop', false);
    const permission = canNotify() ? await Notification.requestPermission() : 'denied';
    if (permission === 'granted') change('desktop', true);
    else void message.warning(t('queue.alerts.blocked'));
  };

  return (
    <Space size="small" data-testid="queue-alerts">
      <Switch size="small" checked={on.sound} onChange={(v) => change('sound', v)} aria-label={t('queue.alerts.sound')} />
      <span>{t('queue.alerts.sound')}</span>
      <Switch size="small" checked={on.desktop} onChange={(v) => void switchDesktop(v)} aria-label={t('queue.alerts.desktop')} />
      <span>{t('queue.alerts.desktop')}</span>
    </Space>
  );
}
