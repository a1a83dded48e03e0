import { List, Tag } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { usePreferences } from '../../../lib/preferences';

/** /changeline (spec §2.8): line 1 or line 2 (marked best); the choice is kept on the device. */
export function ChangeLineScreen() {
  const { t } = useTranslation();
  const line = usePreferences((s) => s.line);
  const setLine = usePreferences((s) => s.setLine);
  const goBack = useGoBack('/setting?type=1');
  const choose = (value: 0 | 1) => {
    setLine(value);
    showSuccess(t('line.switched', { n: value + 1 }));
    goBack();
  };
  return (
    <Page title={t('settings.changeLine')} backFallback="/setting?type=1">
      <List mode="card" header={t('line.header')}>
        {([0, 1] as const).map((value) => (
          <List.Item
            key={value}
            onClick={() => choose(value)}
            arrowIcon={false}
            extra={line === value ? <CheckOutline className="check" aria-label={t('common.selected')} /> : null}
            description={t(value === 1 ? 'line.bestHint' : 'line.standardHint')}
          >
            {t('line.name', { n: value + 1 })}{' '}
            {value === 1 && (
              <Tag color="success" round>
                {t('line.best')}
              </Tag>
            )}
          </List.Item>
        ))}
      </List>
    </Page>
  );
}
