import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd-mobile';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../lib/queryClient';
import { currentLanguage, i18n } from '../lib/i18n';
import { loadAntdLocale, type AntdLocale } from '../lib/i18n/antdLocale';

/** antd-mobile's locale follows the UI language. */
function AntdLocaleProvider({ initial, children }: { initial?: AntdLocale; children: ReactNode }) {
  const [locale, setLocale] = useState<AntdLocale | undefined>(initial);
  useEffect(() => {
    let alive = true;
    const onChange = () => {
      loadAntdLocale(currentLanguage()).then(
        (l) => alive && setLocale(l),
        () => {},
      );
    };
    i18n.on('languageChanged', onChange);
    return () => {
      alive = false;
      i18n.off('languageChanged', onChange);
    };
  }, []);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

export function AppProviders({ antdLocale, children }: { antdLocale?: AntdLocale; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AntdLocaleProvider initial={antdLocale}>{children}</AntdLocaleProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
