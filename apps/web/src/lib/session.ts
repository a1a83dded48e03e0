import { create } from 'zustand';
import type { LoginInfo } from '@lucky28/shared/schemas';
import { readJson, storageKeys, writeJson } from './storage';

/** What signing in needs of the `userinfo` object that login, register, guest login and a password change answer. */
export type SignInInfo = Pick<LoginInfo, 'token' | 'user_id'> & Partial<LoginInfo>;

export interface SessionData {
  token: string | null;
  userId: number | null;
  username: string | null;
  /** Total assets as last reported by the server (decimal string). */
  balance: string | null;
  groupId: number | null;
  idcard: string | null;
  /** The session was opened with "remember me": its token is also kept on the device. */
  remember: boolean;
}

interface RememberedSession {
  token: string;
  userId: number | null;
  username: string | null;
}

interface SessionActions {
  /**
   * Stores a new session. `remember` asks for the token to be kept on the device; `rememberUsername`
   * (a member's login form) keeps or forgets the username for the next login.
   */
  signIn(info: SignInInfo, opts: { remember: boolean; username?: string; rememberUsername?: boolean }): void;
  /** A fresh token for the same session owner (password change). */
  replaceToken(token: string): void;
  update(patch: Partial<Pick<SessionData, 'balance' | 'groupId' | 'idcard' | 'username'>>): void;
  /** Logout, back on the login screen, or an expired session: forgets token, user id, balance, ID card and group. */
  clear(): void;
}

const empty: SessionData = {
  token: null,
  userId: null,
  username: null,
  balance: null,
  groupId: null,
  idcard: null,
  remember: false,
};

/**
 * Session state lives in sessionStorage (docs/product.md#entities-and-their-fields). "Remember me" (docs/spec-differences.md#decided-in-the-design) also keeps the
 * session's token (a 14-day server session) and the username in localStorage; the password is
 * never stored anywhere.
 */
export function loadSession(): SessionData {
  const stored = readJson<SessionData>('session', storageKeys.session);
  if (stored?.token) return { ...empty, ...stored };
  const remembered = readJson<RememberedSession>('local', storageKeys.rememberedSession);
  if (remembered?.token) {
    return { ...empty, token: remembered.token, userId: remembered.userId, username: remembered.username, remember: true };
  }
  return empty;
}

function persist(state: SessionData) {
  const { token, userId, username, balance, groupId, idcard, remember } = state;
  writeJson('session', storageKeys.session, token ? { token, userId, username, balance, groupId, idcard, remember } : null);
  writeJson('local', storageKeys.rememberedSession, token && remember ? { token, userId, username } : null);
}

export const useSession = create<SessionData & SessionActions>()((set, get) => ({
  ...loadSession(),
  signIn(info, { remember, username, rememberUsername }) {
    const name = username ?? info.username ?? null;
    set({
      token: info.token,
      userId: info.user_id ?? info.id ?? null,
      username: name,
      balance: info.balance ?? info.money ?? null,
      groupId: info.group_id ?? null,
      idcard: null,
      remember,
    });
    if (rememberUsername === true && name) writeJson('local', storageKeys.rememberedUsername, name);
    else if (rememberUsername === false) writeJson('local', storageKeys.rememberedUsername, null);
    persist(get());
  },
  replaceToken(token) {
    set({ token });
    persist(get());
  },
  update(patch) {
    set(patch);
    persist(get());
  },
  clear() {
    set(empty);
    persist(empty);
  },
}));

/** The username kept by "remember me", to prefill the login form. */
export const rememberedUsername = (): string => readJson<string>('local', storageKeys.rememberedUsername) ?? '';
