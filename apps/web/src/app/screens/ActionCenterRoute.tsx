import { ActionCenterScreen } from '../../features/promotion/components/ActionCenterScreen';
import { RewardsSection } from '../../features/rewards/components/RewardsSection';

/** `/actionCenter`: the rewards' campaigns first, then the activity banners (features never import each other; the app composes them). */
export function ActionCenterRoute() {
  return (
    <ActionCenterScreen>
      <RewardsSection />
    </ActionCenterScreen>
  );
}
