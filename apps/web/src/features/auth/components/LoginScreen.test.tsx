import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fail, fakeApi, ok, screenAt } from '../../../test/render';
import { LoginScreen } from './LoginScreen';

const userinfo = { token: 'tok-9', user_id: 9, id: 9, username: 'alice', group_id: 1, money: '0.00', score: '0.00', balance: '0.00' };

const fill = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe('LoginScreen', () => {
  beforeEach(() => useSession.getState().clear());
  afterEach(() => vi.useRealTimers());

  it('checks the username first, with the API catalogue message, and sends nothing', async () => {
    const api = fakeApi({});
    configureApiClient({ fetch: api.fetch, getLang: () => 'en' });
    screenAt('/login', <LoginScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter username')).toBeTruthy();
    fill('Enter username', 'alice');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter password')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('remember me is on by default: asks for a 14-day session and keeps the username, never the password', async () => {
    const api = fakeApi({ '/api/user/login': () => ok({ userinfo }, 'Login successful') });
    configureApiClient({ fetch: api.fetch, getLang: () => 'en', getToken: () => useSession.getState().token });
    const { router } = screenAt('/login', <LoginScreen />);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fill('Enter username', 'alice');
    fill('Enter password', 'secret-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(useSession.getState().token).toBe('tok-9'));
    expect(api.calls[0]).toMatchObject({ path: '/api/user/login', body: { account: 'alice', password: 'secret-pass-1', remember: true, lang: 'en' } });
    expect(localStorage.getItem('lucky28.rememberedUsername')).toBe('"alice"');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('secret-pass-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 });
  });

  it('shows the server message when login fails', async () => {
    const api = fakeApi({ '/api/user/login': () => fail('Incorrect username or password') });
    configureApiClient({ fetch: api.fetch });
    screenAt('/login', <LoginScreen />);
    fill('Enter username', 'alice');
    fill('Enter password', 'wrong-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Incorrect username or password')).toBeTruthy();
    expect(useSession.getState().token).toBeNull();
  });

  it('marks the field a refusal names, and clears the mark once it is edited', async () => {
    const api = fakeApi({ '/api/user/login': () => fail('Incorrect username or password', 0, 200, 'password') });
    configureApiClient({ fetch: api.fetch });
    screenAt('/login', <LoginScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const marked = (placeholder: string) => screen.getByPlaceholderText(placeholder).closest('.field-invalid') !== null;
    expect(await screen.findByText('Please enter username')).toBeTruthy();
    expect(marked('Enter username')).toBe(true);
    fill('Enter username', 'alice');
    expect(marked('Enter username')).toBe(false);
    fill('Enter password', 'wrong-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Incorrect username or password')).toBeTruthy();
    await waitFor(() => expect(marked('Enter password')).toBe(true));
    expect(marked('Enter username')).toBe(false);
  });

  it('names customer service for a forgotten password only when a chat is configured', async () => {
    let enabled = false;
    const api = fakeApi({ '/api/support/config': () => ok({ enabled, url: enabled ? 'https://chat.example/' : null }) });
    configureApiClient({ fetch: api.fetch, getLang: () => 'en' });
    const first = screenAt('/login', <LoginScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Please ask the operator of this site to reset your password.')).toBeTruthy();
    // Dialogs queue one at a time: the first is closed before the second is asked for.
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Please ask the operator of this site to reset your password.')).toBeNull());
    first.unmount();
    enabled = true;
    screenAt('/login', <LoginScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Please contact customer service to reset your password.')).toBeTruthy();
  });

  it('back clears the session and goes home', async () => {
    useSession.getState().signIn(userinfo, { remember: false });
    const { router } = screenAt('/login', <LoginScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(useSession.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('"try as a guest" signs a guest in and goes home: no password kept, nothing remembered on the device', async () => {
    const api = fakeApi({
      '/api/user/guestLogin': () => ok({ userinfo: { ...userinfo, token: 'guest-t', username: 'guest_0a1b2c3d4e', group_id: 2 } }, 'Login successful'),
    });
    configureApiClient({ fetch: api.fetch, getLang: () => 'en' });
    const { router } = screenAt('/login', <LoginScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Try as a guest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.map((c) => c.path)).toEqual(['/api/user/guestLogin']);
    expect(useSession.getState()).toMatchObject({ token: 'guest-t', groupId: 2, remember: false });
    expect(localStorage.getItem('lucky28.rememberedSession')).toBeNull();
  });
});
