import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from './RouteError';
import { consoleRoutes, ScreenLoading } from './routes';

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

/**
 * The sign-in, security and queue screens, each loaded when opened like the others: the first download
 * is the frame (shell, menu) only, whichever screen the address names.
 */
const lazyScreens: RouteObject[] = [
  { path: 'queues/deposits', lazy: () => import('../features/queues/components/DepositQueue').then((m) => ({ Component: m.DepositQueue })) },
  { path: 'queues/withdrawals', lazy: () => import('../features/queues/components/WithdrawalQueue').then((m) => ({ Component: m.WithdrawalQueue })) },
  { path: 'queues/realnames', lazy: () => import('../features/queues/components/RealNameQueue').then((m) => ({ Component: m.RealNameQueue })) },
  { path: 'security', lazy: () => import('../features/auth/components/SecurityPage').then((m) => ({ Component: m.SecurityPage })) },
  ...consoleRoutes,
];

const withLoadError = (r: RouteObject): RouteObject => ({
  HydrateFallback: ScreenLoading,
  ...r,
  ErrorBoundary: RouteError,
  lazy: orThrowInRender(r.lazy as () => Promise<{ Component: ComponentType }>),
});

/** Every screen of the console; the shell shows only those the operator's role may open. */
export const routes: RouteObject[] = [
  withLoadError({ path: '/login', lazy: () => import('../features/auth/components/LoginPage').then((m) => ({ Component: m.LoginPage })) }),
  {
    path: '/',
    ErrorBoundary: RouteError,
    HydrateFallback: ScreenLoading,
    // The signed-in frame loads with the first screen behind it, never before the sign-in screen.
    lazy: orThrowInRender(() => import('./SignedIn').then((m) => ({ Component: m.SignedIn }))),
    children: [
      { index: true, element: <Navigate to="/queues/deposits" replace /> },
      // Each page's own error element keeps the shell (menu, header) around a page that failed.
      ...lazyScreens.map(withLoadError),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createConsoleRouter = () => createBrowserRouter(routes, { basename: '/admin' });
