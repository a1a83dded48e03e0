import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../lib/feedback';
import { useOptOut, useRewards } from '../api/rewards';

/** Responsible play: the player's promotions opt-out (no campaign offered, none claimable). */
export function PromotionsOptOut() {
  const { t } = useTranslation();
  const rewards = useRewards();
  const optOut = useOptOut();
  return (
    <List mode="card" header={t('rewards.optOut.header')}>
      <List.Item
        description={t('rewards.optOut.hint')}
        extra={
          <Switch
            checked={rewards.data?.opt_out ?? false}
            disabled={!rewards.data}
            loading={optOut.isPending}
            data-testid="promotions-opt-out"
            onChange={(on) => optOut.mutate(on, { onSuccess: (a) => showSuccess(a.msg), onError: showError })}
          />
        }
      >
        {t('rewards.optOut.label')}
      </List.Item>
    </List>
  );
}
