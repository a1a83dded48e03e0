import { HomeScreen } from '../../features/home/components/HomeScreen';
import { LotteryCards } from '../../features/home-cards/components/LotteryCards';
import { SupportButton } from '../../features/support/components/SupportButton';

/** `/`: the home screen with the live game cards and the customer-service button under it (features never import each other; the app composes them). */
export function HomeRoute() {
  return (
    <HomeScreen>
      <LotteryCards />
      <SupportButton />
    </HomeScreen>
  );
}
