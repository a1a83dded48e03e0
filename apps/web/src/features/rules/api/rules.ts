import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';

export interface RulesPlan {
  id: number;
  game_id: number;
  type: number;
  title: string;
  min_limit: string;
  join_limit: string;
}

export interface RulesGame {
  id: number;
  name: string;
  game_status: number;
  open_from: string | null;
  open_to: string | null;
  /** Present when the server reports its configuration. */
  round_seconds?: number;
  close_before_seconds?: number;
  planList: RulesPlan[];
}

export interface RulesOddsEntry {
  class: number;
  class_name: string;
  odds: string;
  odds_special: string | null;
  min: string;
  max: string;
  rtp: string;
}

export interface RulesDraw {
  id: number;
  issue: string;
  numbers: number[];
  site_1: number;
  site_2: number;
  site_3: number;
  code: number;
  opentime: number;
}

export function useRulesHall() {
  return useQuery({
    queryKey: ['lottery', 'hall'] as const,
    queryFn: ({ signal }) => apiPost<{ gameList: RulesGame[] }>('/api/Lottery/index', {}, { signal }),
    staleTime: 10_000,
  });
}

export function useRulesOdds(planId: number | undefined) {
  return useQuery({
    queryKey: ['lottery', 'oddsList', planId ?? 0] as const,
    queryFn: ({ signal }) =>
      apiPost<{ plan_id: number; game_id: number; rule_base: RulesOddsEntry[]; rule_num: RulesOddsEntry[] }>('/api/Lottery/oddsList', { plan_id: planId }, { signal }),
    enabled: planId !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function useRulesDraws(gameId: number | undefined) {
  return useQuery({
    queryKey: ['lottery', 'issueList', gameId ?? 0, 20, 'rules'] as const,
    queryFn: ({ signal }) => apiPost<RulesDraw[]>('/api/Lottery/issueList', { game_id: gameId, limit: 20 }, { signal }),
    enabled: gameId !== undefined,
    staleTime: 60_000,
  });
}

export function useRulesHeart(gameId: number | undefined) {
  return useQuery({
    queryKey: ['lottery', 'heart', 'game', gameId ?? 0] as const,
    queryFn: ({ signal }) =>
      apiPost<{ game_status: number; issue: { issue: string; whether_close: boolean; openTime: number; closeTime: number } }>(
        '/api/Lottery/heart',
        { game_id: gameId },
        { signal },
      ),
    enabled: gameId !== undefined,
    staleTime: 60_000,
  });
}
