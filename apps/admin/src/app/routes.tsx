import type { RouteObject } from 'react-router';
import { UsersPage } from '../features/users/UsersPage';
import { UserDetailPage } from '../features/users/UserDetailPage';

/** Screens beyond the queues; the shell's menu links only to paths listed here. */
export const consoleRoutes: RouteObject[] = [
  { path: 'users', element: <UsersPage /> },
  { path: 'users/:id', element: <UserDetailPage /> },
];
