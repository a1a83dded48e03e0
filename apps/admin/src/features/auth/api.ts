import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { session } from '../../lib/session';

export function useSignOut() {
  const client = useQueryClient();
  return async (everywhere = false) => {
    await api(everywhere ? 'logoutAll' : 'logout').catch(() => undefined);
    session.clear();
    client.clear();
  };
}
