import { queryClient } from './queryClient';
import { useSession } from './session';

/** Ends the session locally (token, user id, balance, ID card, group) and forgets cached data. */
export function endSession(): void {
  useSession.getState().clear();
  queryClient.clear();
}
