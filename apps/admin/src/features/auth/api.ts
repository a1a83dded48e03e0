import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { operatorMayCall } from '@lucky28/shared/access';
import type { AnswerOf, CallRef } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../lib/api';
import { session } from '../../lib/session';

export type Operator = AnswerOf<typeof api.admin.me>;

export const meQuery = { queryKey: ['me'], queryFn: () => call(api.admin.me) };

/** The signed-in operator (null while signed out). */
export function useMe() {
  const token = useSyncExternalStore(session.subscribe, session.token);
  return { token, ...useQuery({ ...meQuery, enabled: token !== null }) };
}

/**
 * Whether an operator of `role` may make this call: the server's guard runs the same check, so a
 * screen, a menu entry or a button shows exactly when the call it makes would be let through.
 */
export const can = (role: string | undefined, ref: Pick<CallRef, 'access'>) => operatorMayCall(ref.access, role);

export function useSignOut() {
  const client = useQueryClient();
  return async (everywhere = false) => {
    await call(everywhere ? api.admin.logoutAll : api.admin.logout).catch(() => undefined);
    session.clear();
    client.clear();
  };
}
