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

  it('for a guest, upgrades it in place: no invitation, the same token kept, now a member', async () => {
    useSession.getState().signIn({ token: 'guest-t', user_id: 9, username: 'guest_0a1b2c3d4e', group_id: 2 }, { remember: true });
    const api = fakeApi({
      '/api/user/guestUpgrade': () =>
        ok({ userinfo: { token: 'guest-t', user_id: 9, username: 'alice02', group_id: 1, balance: '0.00' } }, 'Registration successful'),
    });
    configureApiClient({ fetch: api.fetch });
    const { router } = screenAt('/register', <RegisterScreen />);
    expect(screen.getByText('Become a member')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Optional')).toBeNull();
    fill('Enter username', 'alice02');
    fill('Enter password', 'password-1');
    fill('Enter the password again', 'password-1');
    submit();
    await waitFor(() => expect(useSession.getState().groupId).toBe(1));
    expect(api.calls.map((c) => c.path)).toEqual(['/api/user/guestUpgrade']);
    expect(api.calls[0]!.body).toMatchObject({ username: 'alice02', password: 'password-1', repassword: 'password-1' });
    expect(useSession.getState()).toMatchObject({ token: 'guest-t', userId: 9, username: 'alice02', remember: true });
    expect(router.state.location.pathname).toBe('/');
  });
});
