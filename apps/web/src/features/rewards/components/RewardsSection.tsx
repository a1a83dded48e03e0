import { useRewards } from '../api/rewards';
import { RewardCards } from './RewardCards';

/** /actionCenter's campaigns: the player's cards once read (the screen's banners show meanwhile). */
export function RewardsSection() {
  const rewards = useRewards();
  return rewards.data ? <RewardCards data={rewards.data} /> : null;
}
