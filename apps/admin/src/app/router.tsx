import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireOperator } from '../features/auth/RequireOperator';
import { SecurityPage } from '../features/auth/SecurityPage';
import { DepositQueue } from '../features/queues/DepositQueue';
import { WithdrawalQueue } from '../features/queues/WithdrawalQueue';
import { RealNameQueue } from '../features/queues/RealNameQueue';
import { Shell } from './Shell';
import { RouteError } from './RouteError';
import { consoleRoutes } from './routes';

/**
 * A page's code, or a component that throws why it did not load: React Router keeps a route whose
 * `lazy` rejected unrendered (an empty page), while a render error reaches the route's ErrorBoundary.
 */
const orThrowInRender = (load: () => Promise<{ Component: ComponentType }>) => async (): Promise<{ Component: ComponentType }> => {
  try {
    return await load();
  } catch (error) {
    return {
      Component: () => {
        throw error;
      },
    };
  }
};

/** Every screen of the console; the shell shows only those the operator's role may open. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, ErrorBoundary: RouteError },
  {
    path: '/',
    ErrorBoundary: RouteError,
    element: (
      <RequireOperator>
        <Shell />
      </RequireOperator>
    ),
    children: [
      { index: true, element: <Navigate to="/queues/deposits" replace /> },
      { path: 'queues/deposits', element: <DepositQueue /> },
      { path: 'queues/withdrawals', element: <WithdrawalQueue /> },
      { path: 'queues/realnames', element: <RealNameQueue /> },
      { path: 'security', element: <SecurityPage /> },
      // Each page's own error element keeps the shell (menu, header) around a page that failed.
      ...consoleRoutes.map((r) => ({ ...r, ErrorBoundary: RouteError, lazy: orThrowInRender(r.lazy as () => Promise<{ Component: ComponentType }>) })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createConsoleRouter = () => createBrowserRouter(routes, { basename: '/admin' });
