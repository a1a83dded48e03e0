import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireOperator } from '../features/auth/RequireOperator';
import { SecurityPage } from '../features/auth/SecurityPage';
import { DepositQueue } from '../features/queues/DepositQueue';
import { WithdrawalQueue } from '../features/queues/WithdrawalQueue';
import { RealNameQueue } from '../features/queues/RealNameQueue';
import { Shell } from './Shell';
import { consoleRoutes } from './routes';

/** Every screen of the console; the shell shows only those the operator's role may open. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
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
      ...consoleRoutes,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createConsoleRouter = () => createBrowserRouter(routes, { basename: '/admin' });
