import { RequireOperator } from '../features/auth/components/RequireOperator';
import { Shell } from './Shell';

/**
 * The console once signed in: the shell (menu, header) behind the operator check. Its own chunk, so the
 * sign-in screen's first download holds neither the menu nor what it pulls in.
 */
export function SignedIn() {
  return (
    <RequireOperator>
      <Shell />
    </RequireOperator>
  );
}
