import { Badge, Button, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../components/LanguageSelect';
import { can, useMe } from '../lib/operator';
import { queueCountsQuery } from '../lib/queueCounts';
import { useSignOut } from '../features/auth/api';
import type { OperatorRole } from '@lucky28/shared';
import { consoleRoutes } from './routes';

interface Entry {
  path: string;
  label: string;
  roles: OperatorRole[];
  count?: number | null;
}

/** The console frame: menu by role with live queue counts, operator menu, language. */
export function Shell() {
  const { t } = useTranslation();
  const me = useMe().data!;
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const counts = useQuery({ ...queueCountsQuery, enabled: can(me.role, 'finance', 'support') }).data;

  const groups: { key: string; label: string; entries: Entry[] }[] = [
    {
      key: 'queues',
      label: t('menu.queues'),
      entries: [
        { path: '/queues/deposits', label: t('menu.deposits'), roles: ['finance'], count: counts?.deposits },
        { path: '/queues/withdrawals', label: t('menu.withdrawals'), roles: ['finance'], count: counts?.withdrawals },
        { path: '/queues/realnames', label: t('menu.realNames'), roles: ['support'], count: counts?.real_names },
      ],
    },
    {
      key: 'business',
      label: t('menu.users'),
      entries: [
        { path: '/users', label: t('menu.users'), roles: ['support', 'finance'] },
        { path: '/games', label: t('menu.games'), roles: [] },
        { path: '/rounds', label: t('menu.rounds'), roles: ['finance', 'support'] },
        { path: '/dashboard', label: t('menu.dashboard'), roles: ['finance'] },
        { path: '/reconcile', label: t('menu.reconcile'), roles: ['finance'] },
        { path: '/content', label: t('menu.content'), roles: [] },
        { path: '/settings', label: t('menu.settings'), roles: [] },
      ],
    },
    {
      key: 'admin',
      label: t('menu.operators'),
      entries: [
        { path: '/operators', label: t('menu.operators'), roles: [] },
        { path: '/audit', label: t('menu.audit'), roles: [] },
        { path: '/security', label: t('menu.security'), roles: ['finance', 'support'] },
      ],
    },
  ];
  const items: MenuProps['items'] = groups
    .map((g) => ({
      key: g.key,
      type: 'group' as const,
      label: g.label,
      children: g.entries
        .filter((e) => can(me.role, ...e.roles) && availablePaths.has(e.path))
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

  const selected = '/' + location.pathname.split('/').filter(Boolean).slice(0, location.pathname.startsWith('/queues') ? 2 : 1).join('/');
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} width={220}>
        <div className="console-logo">{t('app.title')}</div>
        <Menu theme="dark" mode="inline" items={items} selectedKeys={[selected]} onClick={(e) => navigate(e.key)} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
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
const availablePaths = new Set<string>(['/queues/deposits', '/queues/withdrawals', '/queues/realnames', '/security', ...consoleRoutes.map((r) => `/${r.path}`)]);
