import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '@lucky28/shared/schemas';
import { request } from '../../../lib/api';

export interface LoginInput {
  account: string;
  password: string;
  /** Ask for a 14-day session (DESIGN §9). */
  remember: boolean;
}

export interface RegisterInput {
  username: string;
  password: string;
  repassword: string;
  inviter_id?: string;
}

export const login = (input: LoginInput) => request<LoginAnswer>('/api/user/login', { data: { ...input } });

/** group_id is always 1 (spec §5); the invitation code is optional. */
export const register = (input: RegisterInput) =>
  request<LoginAnswer>('/api/user/register', { data: { ...input, group_id: 1 } });

export const useLogin = () => useMutation({ mutationFn: login });
export const useRegister = () => useMutation({ mutationFn: register });
