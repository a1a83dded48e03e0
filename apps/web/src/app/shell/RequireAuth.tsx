import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';

/** How long the guard's loading notice shows before it sends a logged-out visitor to /login (docs/product.md#the-route-table-and-its-guard). */
export const GUARD_DELAY_MS = 500;

/**
 * The route guard: a login-required route with no stored token shows a loading notice for about
 * half a second, then navigates to /login (remembering where the visitor wanted to go).
 */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const target = location.pathname + location.search;

  useEffect(() => {
    if (token) return;
    // The toast code (and its animation library) is loaded only when a visitor hits the guard.
    let closeToast: (() => void) | null = null;
    let cancelled = false;
    void import('../../lib/feedback').then(({ showLoading }) => {
      if (!cancelled) closeToast = showLoading(t('common.loading'));
    });
    const timer = setTimeout(() => {
      navigate('/login', { replace: true, state: { from: target } });
    }, GUARD_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      closeToast?.();
    };
  }, [token, navigate, target, t]);

  return token ? <Outlet /> : <div className="guard-wait" data-testid="guard-wait" />;
}
