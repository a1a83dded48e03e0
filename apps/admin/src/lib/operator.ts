import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { operatorMayCall } from '@lucky28/shared/access';
import type { AnswerOf, CallRef } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from './api';
import { session } from './session';
import { setOperatorZone } from './format';

/**
 * The signed-in operator and what their role may do: every feature asks (to show or hide an
 * action), so it lives here and not in the sign-in feature.
 */
/** An operator as lists show one (admin/me adds the operator's time zone). */
export type Operator = Omit<AnswerOf<typeof api.admin.me>, 'time_zone'>;

export const meQuery = {
  queryKey: ['me'],
  // The zone is known as soon as the answer is (a route's loader may compute a date before any screen renders).
  queryFn: () =>
    call(api.admin.me).then((me) => {
      setOperatorZone(me.time_zone);
      return me;
    }),
};

/** The signed-in operator (null while signed out). */
export function useMe() {
  const token = useSyncExternalStore(session.subscribe, session.token);
  const me = useQuery({ ...meQuery, enabled: token !== null });
  // Every date the console shows is in the operator's zone (sign-in and admin/me answer it); the screens render after it is known.
  if (me.data?.time_zone) setOperatorZone(me.data.time_zone);
  return { token, ...me };
}

/**
 * Whether an operator of `role` may make this call: the server's guard runs the same check, so a
 * screen, a menu entry or a button shows exactly when the call it makes would be let through.
 */
export const can = (role: string | undefined, ref: Pick<CallRef, 'access'>) => operatorMayCall(ref.access, role);
