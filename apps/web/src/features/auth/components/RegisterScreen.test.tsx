import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { expectChecksBeforeAnyCall, fill } from '../../../test/formChecks';
import { RegisterScreen } from './RegisterScreen';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));

describe('RegisterScreen', () => {
  beforeEach(() => useSession.getState().clear());

  it('prefills the invitation code from ?inviter_id', () => {
    screenAt('/register', <RegisterScreen />, '/register?inviter_id=42');
    expect((screen.getByPlaceholderText('Optional') as HTMLInputElement).value).toBe('42');
  });

  it('checks username, password, confirmation, then the match — one notice at a time', () =>
    expectChecksBeforeAnyCall('/register', <RegisterScreen />, 'Register', 'Please enter username', [
      ['Enter username', 'alice01', 'Please enter password'],
      ['Enter password', 'password-1', 'Please confirm password'],
      ['Enter the password again', 'password-2', 'The two passwords are inconsistent'],
    ]));

  it('registers with group_id 1 and opens the session', async () => {
    const api = fakeApi({
      '/api/user/register': () =>
        ok({ userinfo: { token: 'new-t', user_id: 5, username: 'alice01', group_id: 1, balance: '0.00' } }, 'Registration successful'),
    });
    configureApiClient({ fetch: api.fetch });
    const { router } = screenAt('/register', <RegisterScreen />, '/register?inviter_id=1');
    fill('Enter username', 'alice01');
    fill('Enter password', 'password-1');
    fill('Enter the password again', 'password-1');
    submit();
    await waitFor(() => expect(useSession.getState().token).toBe('new-t'));
    expect(api.calls[0]!.body).toMatchObject({ username: 'alice01', password: 'password-1', repassword: 'password-1', inviter_id: '1', group_id: 1 });
    expect(router.state.location.pathname).toBe('/');
  });

  it('for a guest, upgrades it in place: the same token kept, now a member', async () => {
    useSession.getState().signIn({ token: 'guest-t', user_id: 9, username: 'guest_0a1b2c3d4e', group_id: 2 }, { remember: true });
    const api = fakeApi({
      '/api/user/guestUpgrade': () =>
        ok({ userinfo: { token: 'guest-t', user_id: 9, username: 'alice02', group_id: 1, balance: '0.00' } }, 'Registration successful'),
    });
    configureApiClient({ fetch: api.fetch });
    const { router } = screenAt('/register', <RegisterScreen />);
    expect(screen.getByText('Become a member')).toBeTruthy();
    expect((screen.getByPlaceholderText('Optional') as HTMLInputElement).value).toBe('');
    fill('Enter username', 'alice02');
    fill('Enter password', 'password-1');
    fill('Enter the password again', 'password-1');
    submit();
    await waitFor(() => expect(useSession.getState().groupId).toBe(1));
    expect(api.calls.map((c) => c.path)).toEqual(['/api/user/guestUpgrade']);
    expect(api.calls[0]!.body).toMatchObject({ username: 'alice02', password: 'password-1', repassword: 'password-1' });
    expect(api.calls[0]!.body).not.toHaveProperty('inviter_id');
    expect(useSession.getState()).toMatchObject({ token: 'guest-t', userId: 9, username: 'alice02', remember: true });
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the share link’s inviter through a guest session: the upgrade form shows it (editable) and sends it', async () => {
    // A visitor opens the share link, leaves the form and tries guest mode (home or the login screen).
    const link = screenAt('/register', <RegisterScreen />, '/register?inviter_id=42');
    expect((screen.getByPlaceholderText('Optional') as HTMLInputElement).value).toBe('42');
    link.unmount();
    useSession.getState().signIn({ token: 'guest-t', user_id: 9, username: 'guest_0a1b2c3d4e', group_id: 2 }, { remember: false });
    const api = fakeApi({
      '/api/user/guestUpgrade': () =>
        ok({ userinfo: { token: 'guest-t', user_id: 9, username: 'alice03', group_id: 1, balance: '0.00' } }, 'Registration successful'),
    });
    configureApiClient({ fetch: api.fetch });
    // Asked to register later (a bet, a deposit), without the link's query.
    const later = screenAt('/register', <RegisterScreen />);
    expect(screen.getByText('Become a member')).toBeTruthy();
    expect((screen.getByPlaceholderText('Optional') as HTMLInputElement).value).toBe('42');
    fill('Optional', '43');
    fill('Enter username', 'alice03');
    fill('Enter password', 'password-1');
    fill('Enter the password again', 'password-1');
    submit();
    await waitFor(() => expect(useSession.getState().groupId).toBe(1));
    expect(api.calls[0]!.body).toMatchObject({ username: 'alice03', inviter_id: '43' });
    later.unmount();
    // Used: a later registration in this tab starts without it.
    useSession.getState().clear();
    screenAt('/register', <RegisterScreen />);
    expect((screen.getByPlaceholderText('Optional') as HTMLInputElement).value).toBe('');
  });

  it('refuses a malformed invitation code in the upgrade form before any call', async () => {
    useSession.getState().signIn({ token: 'guest-t', user_id: 9, username: 'guest_0a1b2c3d4e', group_id: 2 }, { remember: false });
    const api = fakeApi({});
    configureApiClient({ fetch: api.fetch });
    screenAt('/register', <RegisterScreen />, '/register?inviter_id=4x');
    fill('Enter username', 'alice04');
    fill('Enter password', 'password-1');
    fill('Enter the password again', 'password-1');
    submit();
    await waitFor(() => expect(screen.getAllByText('Invalid invitation code').length).toBeGreaterThan(0));
    expect(api.calls).toEqual([]);
  });
});
