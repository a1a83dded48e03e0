import { useQueryClient } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { session } from '../../../lib/session';

export function useSignOut() {
  const client = useQueryClient();
  return async (everywhere = false) => {
    await call(everywhere ? api.admin.logoutAll : api.admin.logout).catch(() => undefined);
    session.clear();
    client.clear();
  };
}
