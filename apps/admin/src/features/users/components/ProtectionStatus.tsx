import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProtectionStatus as Status } from '@lucky28/shared/schemas';
import { dateTime } from '../../../lib/format';

/**
 * A player's responsible-gambling status on the user page: a time-out or self-exclusion in
 * force with its end, the player's limits (with a raise or removal still waiting) and the
 * reality-check interval. Read-only: only its expiry ends an exclusion, nobody in the console can.
 */
export function ProtectionStatus({ status }: { status: Status | null | undefined }) {
  const { t } = useTranslation();
  if (!status) return <>—</>;
  const { exclusion, limits } = status;
  const unit = (kind: string) => (kind === 'session' ? t('protection.minutes') : 'u');
  return (
    <Space orientation="vertical" size={4} data-testid="user-protection">
      {exclusion ? (
        <Space wrap>
          <Tag color="red">{t(`protection.kind.${exclusion.kind}`)}</Tag>
          <Typography.Text strong>{t('protection.until', { until: dateTime(exclusion.until) })}</Typography.Text>
          {exclusion.since !== null && <Typography.Text type="secondary">{t('protection.since', { since: dateTime(exclusion.since) })}</Typography.Text>}
          <Typography.Text type="secondary">{t('protection.noLift')}</Typography.Text>
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('protection.noExclusion')}</Typography.Text>
      )}
      {limits.map((l) => (
        <Typography.Text key={`${l.kind}-${l.period}`}>
          {t(`protection.limit.${l.kind}`)} · {t(`protection.period.${l.period}`)}: {l.amount === null ? '—' : `${l.amount} ${unit(l.kind)}`}
          {l.pending_from !== null && (
            <Typography.Text type="warning">
              {' '}
              (
              {l.pending_amount === null
                ? t('protection.pendingRemoval', { at: dateTime(l.pending_from) })
                : t('protection.pendingRaise', { amount: `${l.pending_amount} ${unit(l.kind)}`, at: dateTime(l.pending_from) })}
              )
            </Typography.Text>
          )}
        </Typography.Text>
      ))}
      <Typography.Text type="secondary">{t('protection.realityCheck', { minutes: status.reality_check })}</Typography.Text>
    </Space>
  );
}
