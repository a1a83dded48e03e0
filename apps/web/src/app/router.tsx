import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './shell/AppShell';
import { RequireAuth } from './shell/RequireAuth';
import { BootSplash } from './shell/Splash';
import { appRoutes, loadRouteComponent, type AppRoute } from './routes';

const toRouteObject = (route: AppRoute): RouteObject => ({
  path: route.path,
  lazy: async () => ({ Component: await loadRouteComponent(route) }),
});

export const routeObjects: RouteObject[] = [
  {
    element: <AppShell />,
    // While the first screen's code loads: the same picture as the static splash in index.html.
    HydrateFallback: BootSplash,
    children: [
      ...appRoutes.filter((r) => !r.auth).map(toRouteObject),
      { element: <RequireAuth />, children: appRoutes.filter((r) => r.auth).map(toRouteObject) },
      { path: '*', lazy: async () => ({ Component: (await import('../components/NotFound')).NotFound }) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
