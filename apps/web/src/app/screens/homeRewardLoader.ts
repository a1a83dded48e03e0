import { s } from '../screenLoaders';

/**
 * Home's one claimable reward: its code and the rewards' texts. Imported by HomeRoute only when a member
 * is signed in, so that neither these imports nor their file lists weigh on the first screen (docs/design.md#performance-budgets).
 */
export const loadHomeReward = s(
  async () =>
    (await Promise.all([import('../../features/rewards/components/HomeReward'), import('../../i18n/rewardsTexts').then((m) => m.loadRewardsTexts())]))[0],
  'HomeReward',
);
