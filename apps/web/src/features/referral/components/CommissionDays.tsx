import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Team } from '../api/team';

/** The player's commission in all: paid, held and pending. */
export function CommissionTotals({ totals }: { totals: Team['totals'] }) {
  const { t } = useTranslation();
  return (
    <div className="team-totals" data-testid="team-totals">
      {(['paid', 'held', 'pending'] as const).map((k) => (
        <div key={k} className="team-total">
          <strong data-testid={`team-${k}`}>{totals[k]}</strong>
          <span>{t(`referral.totals.${k}`)}</span>
        </div>
      ))}
    </div>
  );
}

/** The commission of each day with the stakes and house edge it came from, and its status. */
export function CommissionDays({ days }: { days: Team['days'] }) {
  const { t } = useTranslation();
  return (
    <List header={t('referral.days')} data-testid="team-days">
      {days.length === 0 && <List.Item>{t('referral.noDays')}</List.Item>}
      {days.map((d) => (
        <List.Item
          key={d.day}
          data-testid="team-day"
          description={t('referral.stakes', { stakes: d.stakes, edge: d.edge }) + (d.held && d.status !== 2 ? ` · ${t('referral.partlyHeld')}` : '')}
          extra={
            <span className="team-commission">
              <strong>{d.commission}</strong>{' '}
              <Tag color={d.status === 1 ? 'success' : d.status === 2 ? 'warning' : 'default'}>{t(`referral.status.${d.status}`)}</Tag>
            </span>
          }
        >
          {d.day}
        </List.Item>
      ))}
    </List>
  );
}
