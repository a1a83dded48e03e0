import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Card, Result, Spin } from 'antd';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/operator';
import { useSignOut } from '../api/auth';
import './auth.css';

// Shown once per operator (its QR code library stays out of the console's first download).
const EnrolTotp = lazy(() => import('./EnrolTotp').then((m) => ({ default: m.EnrolTotp })));

/** Signed in, and enrolled where the role needs TOTP: only then the console itself. */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const signOut = useSignOut();
  if (!me.token) return <Navigate to="/login" replace />;
  if (me.isPending) return <Spin fullscreen />;
  if (me.isError) return <Result status="error" title={me.error.message} extra={<Button onClick={() => me.refetch()}>{t('common.retry')}</Button>} />;
  if (me.data.totp_required && !me.data.totp_enabled) {
    return (
      <div className="center-page">
        <Card extra={<Button onClick={() => signOut()}>{t('auth.signOut')}</Button>}>
          <Suspense fallback={<Spin />}>
            <EnrolTotp required />
          </Suspense>
        </Card>
      </div>
    );
  }
  return <>{children}</>;
}
