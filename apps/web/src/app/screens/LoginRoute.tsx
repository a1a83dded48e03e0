import { LoginScreen } from '../../features/auth/components/LoginScreen';
import { SupportButton } from '../../features/support/components/SupportButton';
import { useOpenSupport } from '../../features/support/components/useOpenSupport';

/**
 * `/login` with customer service reachable while logged out (the forgot-password text sends the
 * visitor there): the floating button, and a "customer service" action in the forgot-password dialog.
 */
export function LoginRoute() {
  const support = useOpenSupport();
  return (
    <LoginScreen onContactSupport={() => void support.open()}>
      <SupportButton />
    </LoginScreen>
  );
}
