import { Badge, Button, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { CallRef } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { LanguageSelect } from '../components/LanguageSelect';
import { can, useMe } from '../lib/operator';
import { zoneLabel } from '../lib/format';
import { queueCountsQuery } from '../lib/queueCounts';
import { useSignOut } from '../features/auth/api/auth';
import { QueueAlerts } from '../features/queues/components/QueueAlerts';
import { consoleRoutes } from './routes';

interface Entry {
  path: string;
  label: string;
  /** The call the screen is for: the entry shows to the roles that may make it. */
  opens: CallRef;
  count?: number | null;
}

/** The console frame: menu by role with live queue counts, operator menu, language. */
export function Shell() {
  const { t } = useTranslation();
  const me = useMe().data!;
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const counts = useQuery({ ...queueCountsQuery, enabled: can(me.role, api.admin.queueCounts) }).data;

  const groups: { key: string; label: string; entries: Entry[] }[] = [
    {
      key: 'queues',
      label: t('menu.queues'),
      entries: [
        { path: '/queues/deposits', label: t('menu.deposits'), opens: api.admin.depositList, count: counts?.deposits },
        { path: '/queues/withdrawals', label: t('menu.withdrawals'), opens: api.admin.withdrawList, count: counts?.withdrawals },
        { path: '/queues/realnames', label: t('menu.realNames'), opens: api.admin.realNameList, count: counts?.real_names },
      ],
    },
    { key: 'players', label: t('menuGroup.players'), entries: [{ path: '/users', label: t('menu.users'), opens: api.admin.userSearch }] },
    {
      key: 'games',
      label: t('menuGroup.games'),
      entries: [
        { path: '/games', label: t('menu.games'), opens: api.admin.gameUpdate },
        { path: '/rounds', label: t('menu.rounds'), opens: api.admin.roundCurrent },
      ],
    },
    {
      key: 'money',
      label: t('menuGroup.money'),
      entries: [
        { path: '/dashboard', label: t('menu.dashboard'), opens: api.admin.moneySummary },
        { path: '/adjustments', label: t('menu.adjustments'), opens: api.admin.adjustmentList },
        { path: '/reconcile', label: t('menu.reconcile'), opens: api.admin.reconcile },
        { path: '/referral', label: t('menu.referral'), opens: api.referral.tree },
      ],
    },
    {
      key: 'site',
      label: t('menuGroup.site'),
      entries: [
        { path: '/content', label: t('menu.content'), opens: api.admin.bannerList },
        { path: '/campaigns', label: t('menu.campaigns'), opens: api.campaigns.campaignList },
        { path: '/promotions', label: t('menu.packets'), opens: api.redPackets.packetList },
        { path: '/chat', label: t('menu.chat'), opens: api.admin.chatRooms },
        { path: '/settings', label: t('menu.settings'), opens: api.admin.settingsUpdate },
      ],
    },
    {
      key: 'admin',
      label: t('menu.operators'),
      entries: [
        { path: '/operators', label: t('menu.operators'), opens: api.admin.operatorList },
        { path: '/audit', label: t('menu.audit'), opens: api.admin.auditList },
        { path: '/security', label: t('menu.security'), opens: api.admin.totpSetup },
      ],
    },
  ];
  const items: MenuProps['items'] = groups
    .map((g) => ({
      key: g.key,
      type: 'group' as const,
      label: g.label,
      children: g.entries
        .filter((e) => can(me.role, e.opens) && availablePaths.has(e.path))
        .map((e) => ({
          key: e.path,
          label: (
            <span>
              {e.label} {typeof e.count === 'number' && <Badge count={e.count} showZero={false} data-testid={`count-${e.path.split('/').pop()}`} />}
            </span>
          ),
        })),
    }))
    .filter((g) => g.children.length > 0);

  const selected =
    '/' +
    location.pathname
      .split('/')
      .filter(Boolean)
      .slice(0, location.pathname.startsWith('/queues') ? 2 : 1)
      .join('/');
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} width={220}>
        <div className="console-logo">{t('app.title')}</div>
        <Menu theme="dark" mode="inline" items={items} selectedKeys={[selected]} onClick={(e) => navigate(e.key)} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <span className="console-zone" data-testid="console-zone">
            {t('zone.label', { zone: zoneLabel() })}
          </span>
          {(can(me.role, api.admin.depositList) || can(me.role, api.admin.withdrawList)) && <QueueAlerts />}
          <LanguageSelect />
          <Dropdown
            menu={{
              items: [
                { key: 'security', label: t('menu.security'), onClick: () => navigate('/security') },
                { key: 'out', label: t('auth.signOut'), onClick: () => void signOut() },
                { key: 'all', label: t('auth.signOutAll'), danger: true, onClick: () => void signOut(true) },
              ],
            }}
          >
            <Button data-testid="operator-menu">
              {me.username} · {t(`role.${me.role}`)}
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** Paths that have a screen in this build (the menu never links to a missing one). */
const availablePaths = new Set<string>([
  '/queues/deposits',
  '/queues/withdrawals',
  '/queues/realnames',
  '/security',
  ...consoleRoutes.map((r) => `/${r.path}`),
]);
