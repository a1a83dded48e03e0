import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { QueryBody } from '../../../components/QueryBody';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone } from '../../../lib/operatorTime';
import { useTeam } from '../api/team';
import { CommissionDays, CommissionTotals } from './CommissionDays';
import './team.css';

/** A day shown alone, in the operator's time zone (the referral days are counted in it) and labelled with its offset. */
const ZONED_DATE = 'YYYY-MM-DD [UTC]Z';

/**
 * /team: the player's referral team (issue 24) — paid, held and pending commission; invitees per level
 * (masked names, when they joined, whether they played this week: never their stakes or balance);
 * the commission of each day with the stakes and house edge it came from; the rules in plain words.
 */
export function TeamScreen() {
  const { t } = useTranslation();
  const team = useTeam();
  const zone = useOperatorZone();
  return (
    <Page title={t('referral.title')} backFallback="/shareFriend">
      <QueryBody query={team}>
        {(data) => (
          <section className="team">
            <CommissionTotals totals={data.totals} />
            <CommissionDays days={data.days} />

            <List
              header={<span data-testid="team-counts">{t('referral.inviteesByLevel', { level1: data.counts.level1, level2: data.counts.level2 })}</span>}
              data-testid="team-invitees"
            >
              {data.invitees.length === 0 && <List.Item>{t('referral.noInvitees')}</List.Item>}
              {data.invitees.map((i, n) => (
                <List.Item
                  key={n}
                  data-testid="team-invitee"
                  description={t('referral.joined', { date: formatInZone(i.joined, zone, ZONED_DATE) })}
                  extra={<Tag color={i.active_week ? 'primary' : 'default'}>{t(i.active_week ? 'referral.active' : 'referral.inactive')}</Tag>}
                >
                  {i.name} <span className="team-level">{t('referral.level', { n: i.level })}</span>
                </List.Item>
              ))}
            </List>

            <div className="team-rules" data-testid="team-rules">
              <h3>{t('referral.rules')}</h3>
              {!data.settings.enabled && <p>{t('referral.off')}</p>}
              <p>{t('referral.rule1', { rate1: data.settings.rate1 })}</p>
              <p>{data.settings.level2 ? t('referral.rule2', { rate2: data.settings.rate2 }) : t('referral.rule2off')}</p>
              <p>{t('referral.formula')}</p>
              <p>{t('referral.rule3', { min: data.settings.min_payout })}</p>
              <p>{t('referral.rule4')}</p>
            </div>
          </section>
        )}
      </QueryBody>
    </Page>
  );
}
