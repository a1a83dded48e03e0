/**
 * What the first screen carries of the error pages: each route's error element as a stand-in for
 * the real one (RouteError.tsx), and the slot of the offline line (trouble.tsx), both loaded later.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { loadRouteError } from './loadRouteError';

const later = (load: () => Promise<{ default: ComponentType }>) => {
  const Lazy = lazy(load);
  return () => (
    <Suspense fallback={null}>
      <Lazy />
    </Suspense>
  );
};

// Never fetched at all (offline from the first second): a bare reload button.
export const RouteErrorBoundary = later(() =>
  loadRouteError().catch(() => ({
    default: () => (
      <button className="route-error-retry" onClick={() => location.reload()}>
        ↻
      </button>
    ),
  })),
);

// A moment after start, off the first screen's path.
export const OfflineBanner = later(() => new Promise((r) => setTimeout(r, 1500)).then(() => import('./trouble')));
