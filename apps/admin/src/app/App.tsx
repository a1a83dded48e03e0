import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { antdLocale } from '../lib/antdLocale';
import { CONSOLE_THEME } from '../lib/theme';
import { queryClient } from '../lib/queryClient';
import type { createConsoleRouter } from './router';

/** The console: antd theme and locale, one query client, the router under /admin. */
export function App({ router }: { router: ReturnType<typeof createConsoleRouter> }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={CONSOLE_THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
