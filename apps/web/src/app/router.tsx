import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './shell/AppShell';
import { RequireAuth } from './shell/RequireAuth';
import { BootSplash } from './shell/Splash';
import { RouteErrorBoundary as RouteError } from './shell/troubleEntry';
import { appRoutes, loadRouteComponent, type AppRoute } from './routes';

/**
 * A screen's code, or a component that throws why it did not load: React Router keeps a route whose
 * `lazy` rejected unrendered (an empty screen), while a render error reaches the route's ErrorBoundary.
 */
const screenOrError = async (load: () => Promise<ComponentType>): Promise<{ Component: ComponentType }> => {
  try {
    return { Component: await load() };
  } catch (error) {
    return {
      Component: () => {
        throw error;
      },
    };
  }
};

const toRouteObject = (route: AppRoute): RouteObject => ({
  path: route.path,
  ErrorBoundary: RouteError,
  lazy: () => screenOrError(() => loadRouteComponent(route)),
  ...(route.prefetch && {
    loader: () => {
      route.prefetch!();
      return null;
    },
  }),
});

export const routeObjects: RouteObject[] = [
  {
    element: <AppShell />,
    // While the first screen's code loads: the same picture as the static splash in index.html.
    HydrateFallback: BootSplash,
    ErrorBoundary: RouteError,
    children: [
      ...appRoutes.filter((r) => !r.auth).map(toRouteObject),
      { element: <RequireAuth />, children: appRoutes.filter((r) => r.auth).map(toRouteObject) },
      { path: '*', ErrorBoundary: RouteError, lazy: () => screenOrError(async () => (await import('../components/NotFound')).NotFound) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
