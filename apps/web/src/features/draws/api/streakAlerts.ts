import { useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call, send } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useRefreshingMutation } from '../../../hooks/useRefreshingMutation';

const ALERTS_KEY = ['user', 'streakAlerts'] as const;

/** `Lottery/streakAlerts`: the caller's own alerts, every game (none until the player turns one on). */
export const useStreakAlerts = () =>
  useQuery({
    queryKey: [...ALERTS_KEY, currentLanguage()] as const,
    queryFn: ({ signal }) => call(api.lottery.streakAlerts, {}, { signal }),
    staleTime: 0,
  });

/** `Lottery/setStreakAlert`: turns one alert on (with its run) or off; the list is read again after. */
export const useSetStreakAlert = () =>
  useRefreshingMutation(
    (input: { gameId: number; classId: number; run: number; on: boolean }) =>
      send(api.lottery.setStreakAlert, { game_id: input.gameId, class: input.classId, run: input.run, on: input.on }),
    [ALERTS_KEY],
    { evenOnFailure: true },
  );

/**
 * What keeps alerts from being sent to this player, from the calls that own it: a time-out or
 * self-exclusion (`user/protectionInfo`) and the promotions opt-out (`rewards/rewardList`).
 */
export function useAlertHold() {
  const protection = useQuery({
    queryKey: ['user', 'protection'] as const,
    queryFn: ({ signal }) => call(api.protection.protectionInfo, {}, { signal }),
    staleTime: 0,
  });
  const rewards = useQuery({
    queryKey: ['user', 'rewards', currentLanguage()] as const,
    queryFn: ({ signal }) => call(api.rewards.rewardList, {}, { signal }),
    staleTime: 0,
  });
  return { exclusion: protection.data?.exclusion ?? null, optedOut: rewards.data?.opt_out ?? false };
}
