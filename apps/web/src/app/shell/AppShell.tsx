import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { routeFor } from '../routes';
import { AppTabBar } from './AppTabBar';
import { Splash } from './Splash';
import { OfflineBanner } from './troubleEntry';
import { useSession } from '../../lib/session';
import { useDialogQueue } from '../../components/dialogQueue';

// Loaded only once a member is signed in: the first screen carries none of it.
const RealityCheck = lazy(async () => {
  const [m] = await Promise.all([
    import('../../features/protection/components/RealityCheck'),
    import('../../i18n/protectionTexts').then((t) => t.loadProtectionTexts()),
  ]);
  return { default: m.RealityCheck };
});

// Loaded with the first dialog asked for (components/dialogQueue.ts): the first screen has none.
const DialogHost = lazy(async () => ({ default: (await import('../../components/DialogHost')).DialogHost }));

type Direction = 'forward' | 'back' | 'fade' | 'none';

export function transitionDirection(fromDepth: number, toDepth: number): Direction {
  if (toDepth > fromDepth) return 'forward';
  if (toDepth < fromDepth) return 'back';
  return 'fade';
}

/**
 * The frame around every screen: the start-up splash, the slide transition by route depth, and
 * the bottom tab bar on the main screens, the reality check while a member is signed in, and the
 * dialogs (which Back closes).
 */
export function AppShell() {
  const location = useLocation();
  const route = routeFor(location.pathname);
  const depth = route?.depth ?? 1;
  const [transition, setTransition] = useState({ path: location.pathname, depth, direction: 'none' as Direction });
  if (transition.path !== location.pathname) {
    setTransition({ path: location.pathname, depth, direction: transitionDirection(transition.depth, depth) });
  }
  const tab = route?.tab;
  const member = useSession((s) => Boolean(s.token) && s.groupId === 1);
  const hostDialogs = useDialogQueue((s) => s.asked);
  return (
    <>
      <div key={location.pathname} className={`screen screen-${transition.direction} ${tab ? 'screen-with-tabbar' : ''}`}>
        <Outlet />
      </div>
      {tab && <AppTabBar active={tab} />}
      <OfflineBanner />
      <Splash />
      {member && (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      )}
      {hostDialogs && (
        <Suspense fallback={null}>
          <DialogHost />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
