import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import type { UserInfo } from '../../../lib/auth';
import { useSession } from '../../../lib/session';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { SettingScreen } from './SettingScreen';

const user = {
  id: 1,
  user_id: 1,
  username: 'alice',
  nickname: 'alice',
  avatar: 0,
  idcard: '',
  shiming: 0,
  group_id: 1,
  today_profit: '0.00',
  profit: '0.00',
  money: '0.00',
  score: '0.00',
  balance: '0.00',
  has_security_code: true,
} satisfies UserInfo;

function show(path: string, info: Partial<UserInfo> = {}, versionLabel?: string) {
  const api = fakeApi({
    ...(versionLabel === undefined
      ? {}
      : { '/api/common/siteConfig': () => ok({ version_label: versionLabel, min_withdraw: '100.00', support_enabled: false, lines: [] }) }),
    '/api/user/userInfo': () => ok({ ...user, ...info }),
    '/api/user/logout': () => ok(null, 'Logged out'),
  });
  configureApiClient({ fetch: api.fetch, getToken: () => useSession.getState().token });
  return { api, ...screenAt('/setting', <SettingScreen />, path) };
}

describe('SettingScreen', () => {
  beforeEach(() => useSession.getState().signIn({ token: 'tok', user_id: 1 }, { remember: true }));

  it('type 1: line, about (with the version), system, language', async () => {
    show('/setting?type=1');
    expect(await screen.findByText('Change line')).toBeTruthy();
    expect(screen.getByText('21.04.02')).toBeTruthy();
    expect(screen.getByText('System settings')).toBeTruthy();
    expect(screen.getByText('Language')).toBeTruthy();
  });

  it('shows the version label the operator set in the console, or the app’s own when none is set', async () => {
    show('/setting?type=1', {}, '21.05.01');
    expect(await screen.findByText('21.05.01')).toBeTruthy();
    expect(screen.queryByText('21.04.02')).toBeNull();
  });

  it('an empty operator label leaves the app’s own version', async () => {
    const { api } = show('/setting?type=1', {}, '');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/common/siteConfig')).toBe(true));
    expect(await screen.findByText('21.04.02')).toBeTruthy();
  });

  it('type 2: account entries; real-name verification is offered until verified', async () => {
    show('/setting?type=2', { shiming: 1 });
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(screen.getByText('Real-name verification')).toBeTruthy();
    expect(screen.getByTestId('setting-code').textContent).toContain('Set');
  });

  it('type 2: the real-name entry is hidden once verified', async () => {
    show('/setting?type=2', { shiming: 2 });
    await screen.findByText('Bank card');
    await waitFor(() => expect(screen.getByTestId('setting-profile').textContent).toContain('alice'));
    expect(screen.queryByText('Real-name verification')).toBeNull();
  });

  it('logout revokes the session on the server, goes to /login and forgets the token', async () => {
    const { api, router } = show('/setting?type=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByText('Log out of this account?');
    fireEvent.click(within(dialog.closest('.adm-dialog')!).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls.find((c) => c.path === '/api/user/logout')?.headers).toMatchObject({ token: 'tok' });
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('lucky28.rememberedSession')).toBeNull();
  });
});
