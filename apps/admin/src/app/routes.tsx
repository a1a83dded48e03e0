import type { RouteObject } from 'react-router';

/**
 * Screens beyond the queues, each loaded when first opened (the charts and editors stay out of the
 * first download); the shell's menu links only to paths listed here.
 */
export const consoleRoutes: RouteObject[] = [
  { path: 'users', lazy: () => import('../features/users/UsersPage').then((m) => ({ Component: m.UsersPage })) },
  { path: 'users/:id', lazy: () => import('../features/users/UserDetailPage').then((m) => ({ Component: m.UserDetailPage })) },
  { path: 'games', lazy: () => import('../features/games/GamesPage').then((m) => ({ Component: m.GamesPage })) },
  { path: 'rounds', lazy: () => import('../features/rounds/RoundsPage').then((m) => ({ Component: m.RoundsPage })) },
  { path: 'dashboard', lazy: () => import('../features/money/DashboardPage').then((m) => ({ Component: m.DashboardPage })) },
  { path: 'reconcile', lazy: () => import('../features/money/ReconcilePage').then((m) => ({ Component: m.ReconcilePage })) },
  { path: 'operators', lazy: () => import('../features/operators/OperatorsPage').then((m) => ({ Component: m.OperatorsPage })) },
  { path: 'audit', lazy: () => import('../features/operators/AuditPage').then((m) => ({ Component: m.AuditPage })) },
  { path: 'content', lazy: () => import('../features/content/ContentPage').then((m) => ({ Component: m.ContentPage })) },
  { path: 'settings', lazy: () => import('../features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })) },
];
