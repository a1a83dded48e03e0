import { List, Tag } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { siteConfigQuery } from '../../../lib/api/siteConfig';
import { showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { usePreferences } from '../../../lib/preferences';
import { fastestLine, lineInUse, linesToShow, measureLine } from '../model/lines';

/**
 * /changeline (docs/product.md#small-settings-screens): the operator's lines (API_LINES; only this site's own address when none is
 * configured), each with its round-trip time measured from this device, the fastest measured one
 * marked. The choice is kept on the device and every call goes to that line.
 */
export function ChangeLineScreen() {
  const { t } = useTranslation();
  const own = window.location.origin;
  const config = useQuery(siteConfigQuery());
  const lines = linesToShow(config.data?.lines ?? [], own);
  const chosen = usePreferences((s) => s.lineBase);
  const setLineBase = usePreferences((s) => s.setLineBase);
  const inUse = lineInUse(chosen, lines, own);
  const goBack = useGoBack('/setting?type=1');
  const queryClient = useQueryClient();
  const latencies = useQueries({
    queries: lines.map((origin) => ({
      queryKey: ['line', origin] as const,
      queryFn: () => measureLine(origin),
      staleTime: 0,
      gcTime: 0,
      retry: false,
      enabled: config.isFetched,
    })),
  });
  const fastest = fastestLine(latencies.map((q) => q.data));

  const choose = (origin: string, index: number) => {
    setLineBase(origin === own ? '' : origin);
    // Everything on screen is asked again, from the new line.
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'line' });
    showSuccess(t('line.switched', { n: index + 1 }));
    goBack();
  };

  return (
    <Page title={t('settings.changeLine')} backFallback="/setting?type=1">
      <List mode="card" header={t('line.header')}>
        {lines.map((origin, i) => {
          const q = latencies[i];
          const ms = q?.data;
          return (
            <List.Item
              key={origin}
              onClick={() => choose(origin, i)}
              arrowIcon={false}
              data-testid="line"
              data-origin={origin}
              data-fastest={fastest === i ? 'true' : 'false'}
              extra={origin === inUse ? <CheckOutline className="check" aria-label={t('common.selected')} /> : null}
              description={
                <span>
                  {new URL(origin).host} ·{' '}
                  <span data-testid="line-latency">
                    {typeof ms === 'number' ? t('line.latency', { ms }) : q?.isFetched ? t('line.unreachable') : t('line.measuring')}
                  </span>
                </span>
              }
            >
              {t('line.name', { n: i + 1 })}{' '}
              {fastest === i && (
                <Tag color="success" round>
                  {t('line.fastest')}
                </Tag>
              )}
            </List.Item>
          );
        })}
      </List>
    </Page>
  );
}
