import { useState } from 'react';
import { Segmented } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { NetPosition } from '@lucky28/shared/schemas';
import { Amount } from '../../../components/Amount';
import { useSession } from '../../../lib/session';
import { useNetPosition } from '../api/protection';
import './protection.css';

type Window = keyof NetPosition;
const WINDOWS: Window[] = ['today', 'month', 'all'];

/**
 * The player's net position (members; guests have no deposits) on /personal: deposits minus withdrawals, and the net
 * result of play, for today, this month and all time.
 */
export function NetPositionCard() {
  const member = useSession((s) => s.groupId) === 1;
  return member ? <NetPositionBody /> : null;
}

function NetPositionBody() {
  const { t } = useTranslation();
  const position = useNetPosition();
  const [window, setWindow] = useState<Window>('today');
  const p = position.data?.[window];
  return (
    <section className="l28-surface np-card" aria-label={t('protection.net.title')} data-testid="net-position">
      <div className="np-head">
        <span className="np-title">{t('protection.net.title')}</span>
        <Segmented options={WINDOWS.map((w) => ({ label: t(`protection.net.${w}`), value: w }))} value={window} onChange={(v) => setWindow(v as Window)} />
      </div>
      <div className="l28-halves np-grid">
        <div className="np-cell">
          <span className="np-label">{t('protection.net.netDeposits')}</span>
          <span data-testid="np-net-deposits">
            <Amount value={p?.net_deposits} signed />
          </span>
          <span className="np-sub">{p ? t('protection.net.inOut', { deposits: p.deposits, withdrawals: p.withdrawals }) : ''}</span>
        </div>
        <div className="np-cell">
          <span className="np-label">{t('protection.net.result')}</span>
          <span data-testid="np-result">
            <Amount value={p?.result} signed />
          </span>
          <span className="np-sub">{p ? t('protection.net.stakePayout', { stake: p.stake, payout: p.payout }) : ''}</span>
        </div>
      </div>
    </section>
  );
}
