import type { RouteObject } from 'react-router';
import { UsersPage } from '../features/users/UsersPage';
import { UserDetailPage } from '../features/users/UserDetailPage';
import { GamesPage } from '../features/games/GamesPage';
import { RoundsPage } from '../features/rounds/RoundsPage';
import { DashboardPage } from '../features/money/DashboardPage';
import { ReconcilePage } from '../features/money/ReconcilePage';
import { OperatorsPage } from '../features/operators/OperatorsPage';
import { AuditPage } from '../features/operators/AuditPage';
import { SettingsPage } from '../features/settings/SettingsPage';

/** Screens beyond the queues; the shell's menu links only to paths listed here. */
export const consoleRoutes: RouteObject[] = [
  { path: 'users', element: <UsersPage /> },
  { path: 'users/:id', element: <UserDetailPage /> },
  { path: 'games', element: <GamesPage /> },
  { path: 'rounds', element: <RoundsPage /> },
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'reconcile', element: <ReconcilePage /> },
  { path: 'operators', element: <OperatorsPage /> },
  { path: 'audit', element: <AuditPage /> },
  { path: 'settings', element: <SettingsPage /> },
];
