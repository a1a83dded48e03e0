import { RouterProvider } from 'react-router';
import type { AntdLocale } from '../lib/i18n/antdLocale';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { connectApiClient } from './setup';

const router = createAppRouter();
connectApiClient(router);

export function App({ antdLocale }: { antdLocale?: AntdLocale }) {
  return (
    <AppProviders antdLocale={antdLocale}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
