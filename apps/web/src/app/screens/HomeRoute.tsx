import { lazy, Suspense } from 'react';
import { HomeScreen } from '../../features/home/components/HomeScreen';
import { LotteryCards } from '../../features/home-cards/components/LotteryCards';
import { SupportButton } from '../../features/support/components/SupportButton';
import { LazyWhenVisible } from '../../components/LazyWhenVisible';
import { loadHomeNews } from '../screenLoaders';
import { useSession } from '../../lib/session';
import { MEMBER_GROUP } from '../../lib/auth';

/** The news section sits below the game cards: its code and texts load when it scrolls into view. */
const HomeNews = lazy(async () => ({ default: await loadHomeNews() }));
/** "Try as a guest" beside a visitor's login button, loaded after the first screen (docs/design.md#performance-budgets). */
const TryAsGuest = lazy(async () => ({ default: (await import('../../features/auth/components/TryAsGuest')).TryAsGuest }));
const noop = () => {};
/** One claimable reward for a signed-in member, loaded after the first screen. */
const HomeReward = lazy(async () => ({ default: await (await import('./homeRewardLoader')).loadHomeReward() }));

/** `/`: the home screen with "try as a guest" for a visitor, the live game cards, the news and the customer-service button under it (features never import each other; the app composes them). */
export function HomeRoute() {
  const member = useSession((x) => Boolean(x.token) && x.groupId === MEMBER_GROUP);
  return (
    <HomeScreen
      guestEntry={
        <Suspense fallback={null}>
          <TryAsGuest onDone={noop} className="home-try-guest" />
        </Suspense>
      }
    >
      {member && (
        <Suspense fallback={null}>
          <HomeReward />
        </Suspense>
      )}
      <LotteryCards />
      <LazyWhenVisible>
        <HomeNews />
      </LazyWhenVisible>
      <SupportButton />
    </HomeScreen>
  );
}
