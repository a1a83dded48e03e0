import { useQuery } from '@tanstack/react-query';
import { issueListQuery, lotteryIndexQuery, oddsListQuery } from '../../../lib/api/lottery';

export const useRulesHall = () => useQuery(lotteryIndexQuery());

export function useRulesOdds(planId: number | undefined) {
  return useQuery({ ...oddsListQuery(planId ?? 0), enabled: planId !== undefined });
}

export function useRulesDraws(gameId: number | undefined) {
  return useQuery({ ...issueListQuery(gameId ?? 0, 20, 'rules'), enabled: gameId !== undefined, staleTime: 60_000 });
}
