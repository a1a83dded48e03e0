import { useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import type { AnswerOf } from '@lucky28/shared/api';
import { call, send } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useRefreshingMutation } from '../../../hooks/useRefreshingMutation';

export type RewardCard = AnswerOf<typeof api.rewards.rewardList>['list'][number];

const REWARDS_KEY = ['user', 'rewards'] as const;

/** `rewards.rewardList`: the live campaigns with the caller's state and progress, in the reader's language. */
export const useRewards = () =>
  useQuery({
    queryKey: [...REWARDS_KEY, currentLanguage()] as const,
    queryFn: ({ signal }) => call(api.rewards.rewardList, {}, { signal }),
    staleTime: 0,
  });

/** Claims what a campaign owes now; the rewards and the balances are read again after. */
export const useClaimReward = () =>
  useRefreshingMutation((campaignId: number) => send(api.rewards.rewardClaim, { campaign_id: campaignId }), [REWARDS_KEY, ['user', 'info']], {
    evenOnFailure: true,
  });

export const useOptOut = () => useRefreshingMutation((optOut: boolean) => send(api.rewards.promotionsOptOut, { opt_out: optOut }), [REWARDS_KEY]);

/**
 * Forfeits a bonus being wagered for the amount its card showed (`forfeit.total`), under one
 * Idempotency-Key per confirmation: a retry of the same confirmation is answered the same.
 */
export const useForfeitBonus = () =>
  useRefreshingMutation(
    (v: { campaignId: number; amount: string; key: string }) =>
      send(api.rewards.bonusForfeit, { campaign_id: v.campaignId, amount: v.amount }, { idempotencyKey: v.key }),
    [REWARDS_KEY, ['user', 'info']],
    { evenOnFailure: true },
  );
