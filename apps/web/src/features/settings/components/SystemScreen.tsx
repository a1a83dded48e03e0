import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { usePreferences } from '../../../lib/preferences';

/** /system (docs/product.md#small-settings-screens): the profit-vibration switch, off by default, kept on the device. */
export function SystemScreen() {
  const { t } = useTranslation();
  const on = usePreferences((s) => s.profitVibration);
  const set = usePreferences((s) => s.setProfitVibration);
  return (
    <Page title={t('settings.system')} backFallback="/setting?type=1">
      <List mode="card">
        <List.Item description={t('system.vibrationHint')} extra={<Switch checked={on} onChange={set} aria-label={t('system.vibration')} />}>
          {t('system.vibration')}
        </List.Item>
      </List>
    </Page>
  );
}
