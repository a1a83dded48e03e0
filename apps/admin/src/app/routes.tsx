import { Spin } from 'antd';
import type { RouteObject } from 'react-router';
import * as api from '@lucky28/shared/api/refs';
import { meQuery } from '../lib/operator';
import { queryClient } from '../lib/queryClient';
import { pagedQuery } from '../lib/pagedQuery';
import { session } from '../lib/session';
import { gameConfigQuery } from '../lib/rooms';
import { periodSummaryQuery } from '../features/money/api/money';

/** What a screen shows while its code loads on the first page load (React Router's HydrateFallback). */
export function ScreenLoading() {
  return <Spin style={{ display: 'block', margin: '48px auto' }} />;
}

/**
 * A route loader that starts the screen's first query and the operator's own (signed in) and returns
 * at once: the data comes while the screen's code loads and the frame first renders, instead of after.
 */
const prefetch =
  (...queries: { queryKey: unknown[]; queryFn: () => Promise<unknown> }[]) =>
  () => {
    if (session.token()) for (const q of [meQuery, ...queries]) void queryClient.prefetchQuery(q);
    return null;
  };

/**
 * Screens beyond the queues, each loaded when first opened (the charts and editors stay out of the
 * first download); the shell's menu links only to paths listed here.
 */
const screens: RouteObject[] = [
  {
    path: 'users',
    loader: prefetch(pagedQuery(api.admin.userSearch, { q: '' }, 1)),
    lazy: () => import('../features/users/components/UsersPage').then((m) => ({ Component: m.UsersPage })),
  },
  { path: 'users/:id', lazy: () => import('../features/users/components/UserDetailPage').then((m) => ({ Component: m.UserDetailPage })) },
  { path: 'games', loader: prefetch(gameConfigQuery), lazy: () => import('../features/games/components/GamesPage').then((m) => ({ Component: m.GamesPage })) },
  { path: 'rounds', lazy: () => import('../features/rounds/components/RoundsPage').then((m) => ({ Component: m.RoundsPage })) },
  {
    path: 'dashboard',
    loader: () => {
      prefetch()();
      // The default period (and today's figures with it) at once: the server knows the operator's today.
      if (session.token()) void queryClient.prefetchQuery(periodSummaryQuery(null));
      return null;
    },
    lazy: () => import('../features/money/components/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'adjustments',
    lazy: () => import('../features/adjustments/components/AdjustmentsPage').then((m) => ({ Component: m.AdjustmentsPage })),
  },
  { path: 'reconcile', lazy: () => import('../features/money/components/ReconcilePage').then((m) => ({ Component: m.ReconcilePage })) },
  { path: 'operators', lazy: () => import('../features/operators/components/OperatorsPage').then((m) => ({ Component: m.OperatorsPage })) },
  { path: 'audit', lazy: () => import('../features/operators/components/AuditPage').then((m) => ({ Component: m.AuditPage })) },
  { path: 'content', lazy: () => import('../features/content/components/ContentPage').then((m) => ({ Component: m.ContentPage })) },
  { path: 'campaigns', lazy: () => import('../features/campaigns/components/CampaignsPage').then((m) => ({ Component: m.CampaignsPage })) },
  {
    path: 'promotions',
    loader: prefetch(gameConfigQuery, pagedQuery(api.redPackets.packetList, {}, 1)),
    lazy: () => import('../features/promotions/components/PromotionsPage').then((m) => ({ Component: m.PromotionsPage })),
  },
  { path: 'settings', lazy: () => import('../features/settings/components/SettingsPage').then((m) => ({ Component: m.SettingsPage })) },
  { path: 'referral', lazy: () => import('../features/referral/components/ReferralPage').then((m) => ({ Component: m.ReferralPage })) },
  { path: 'chat', lazy: () => import('../features/chat/components/ChatPage').then((m) => ({ Component: m.ChatPage })) },
];

export const consoleRoutes: RouteObject[] = screens.map((r) => ({ HydrateFallback: ScreenLoading, ...r }));
