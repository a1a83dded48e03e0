import { useMutation } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { send } from '../../../lib/api';

export interface LoginInput {
  account: string;
  password: string;
  /** Ask for a 14-day session (docs/spec-differences.md#decided-in-the-design). */
  remember: boolean;
}

export interface RegisterInput {
  username: string;
  password: string;
  repassword: string;
  inviter_id?: string;
}

/** A random id kept on this device: the server compares it (hashed) with an inviter's to flag self-referrals. */
function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem('deviceId');
    if (!id) localStorage.setItem('deviceId', (id = crypto.randomUUID()));
    return id;
  } catch {
    return undefined;
  }
}

export const login = (input: LoginInput) => send(api.user.login, { ...input, device_id: deviceId() });

/** group_id is always 1 (docs/product.md#validation-rules); the invitation code is optional. */
export const register = (input: RegisterInput) => {
  // The spec's payload names the group; the server registers members only and ignores it.
  const payload = { ...input, group_id: 1, device_id: deviceId() };
  return send(api.user.register, payload);
};

export const useLogin = () => useMutation({ mutationFn: login });
export const useRegister = () => useMutation({ mutationFn: register });

export interface GuestUpgradeInput {
  username: string;
  password: string;
  repassword: string;
  /** The share link's inviter, kept through the guest session (model/invite.ts). */
  inviter_id?: string;
}

/** A guest becomes a member in place: same account and session token (docs/design.md#guests). */
export const guestUpgrade = (input: GuestUpgradeInput) => send(api.user.guestUpgrade, { ...input, device_id: deviceId() });

export const useGuestUpgrade = () => useMutation({ mutationFn: guestUpgrade });
