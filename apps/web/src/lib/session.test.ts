import { describe, expect, it } from 'vitest';
import { loadSession, rememberedUsername, useSession } from './session';

const info = { token: 't-1', user_id: 7, username: 'alice', group_id: 1, balance: '10.00' };

const storageDump = () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });

describe('session store', () => {
  it('keeps a normal session in sessionStorage only', () => {
    useSession.getState().signIn(info, { remember: false, rememberUsername: false });
    expect(useSession.getState()).toMatchObject({ token: 't-1', userId: 7, username: 'alice', balance: '10.00', groupId: 1 });
    expect(JSON.parse(sessionStorage.getItem('lucky28.session')!)).toMatchObject({ token: 't-1', userId: 7 });
    expect(localStorage.getItem('lucky28.rememberedSession')).toBeNull();
    expect(rememberedUsername()).toBe('');
  });

  it('"remember me" keeps the username and the 14-day session token on the device, never a password', () => {
    useSession.getState().signIn(info, { remember: true, rememberUsername: true });
    expect(rememberedUsername()).toBe('alice');
    expect(JSON.parse(localStorage.getItem('lucky28.rememberedSession')!)).toEqual({ token: 't-1', userId: 7, username: 'alice' });
    expect(storageDump()).not.toMatch(/password/i);
    // A new tab (empty sessionStorage) restores the remembered session.
    sessionStorage.clear();
    expect(loadSession()).toMatchObject({ token: 't-1', userId: 7, remember: true });
  });

  it('logout clears token, user id, balance, ID card and group but keeps the remembered username', () => {
    useSession.getState().signIn(info, { remember: true, rememberUsername: true });
    useSession.getState().update({ idcard: 'X123' });
    useSession.getState().clear();
    expect(useSession.getState()).toMatchObject({ token: null, userId: null, balance: null, idcard: null, groupId: null });
    expect(sessionStorage.getItem('lucky28.session')).toBeNull();
    expect(localStorage.getItem('lucky28.rememberedSession')).toBeNull();
    expect(rememberedUsername()).toBe('alice');
  });

  it('a new token after a password change replaces the remembered one', () => {
    useSession.getState().signIn(info, { remember: true, rememberUsername: true });
    useSession.getState().replaceToken('t-2');
    expect(JSON.parse(localStorage.getItem('lucky28.rememberedSession')!).token).toBe('t-2');
    expect(JSON.parse(sessionStorage.getItem('lucky28.session')!).token).toBe('t-2');
  });

  it('a guest login leaves a remembered member username alone', () => {
    useSession.getState().signIn(info, { remember: true, rememberUsername: true });
    useSession.getState().signIn({ token: 'g', user_id: 9, username: 'guest_ab', group_id: 2 }, { remember: false });
    expect(rememberedUsername()).toBe('alice');
    expect(localStorage.getItem('lucky28.rememberedSession')).toBeNull();
  });
});
