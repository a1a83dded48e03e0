import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { OperatorRole } from '@lucky28/shared';
import { api } from './api';
import { session } from './session';

/**
 * The signed-in operator and what their role may open: every feature asks (to show or hide an
 * action), so it lives here and not in the sign-in feature.
 */
export interface Operator {
  id: number;
  username: string;
  role: OperatorRole;
  totp_enabled: boolean;
  totp_required: boolean;
  disabled: boolean;
  created_at: number;
}

export const meQuery = { queryKey: ['me'], queryFn: () => api<Operator>('me') };

/** The signed-in operator (null while signed out). */
export function useMe() {
  const token = useSyncExternalStore(session.subscribe, session.token);
  return { token, ...useQuery({ ...meQuery, enabled: token !== null }) };
}

/** Whether a role may open a screen: admin opens all. */
export const can = (role: OperatorRole | undefined, ...roles: OperatorRole[]) => role === 'admin' || (role !== undefined && roles.includes(role));
