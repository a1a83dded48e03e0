import { useQuery } from '@tanstack/react-query';
import { isIssueNumber } from '@lucky28/shared/game';
import { apiGet } from '../../../lib/api';
import { issueListQuery } from '../../../lib/api/lottery';

export interface FairRound {
  game_id: number;
  issue: string;
  opens_at: number;
  closes_at: number;
  draws_at: number;
  drawn: boolean;
  seed: string | null;
  hash: string;
  prev_hash: string | null;
  numbers: number[] | null;
  digits: number[] | null;
  total: number | null;
  chain: { id: number; index: number; length: number; terminal_hash: string };
  algorithm: string;
}

export interface FairChain {
  game_id: number;
  chain_id: number | null;
  terminal_hash: string | null;
  chains: { id: number; terminal_hash: string; length: number; used: number; created_at: number }[];
}

/** GET /api/fair/round: the commitment, and after the draw the seed and the result. */
export function useFairRound(gameId: number, issue: string) {
  return useQuery({
    queryKey: ['fair', 'round', gameId, issue] as const,
    queryFn: ({ signal }) => apiGet<FairRound>('/api/fair/round', { game_id: gameId, issue }, { signal }),
    enabled: gameId > 0 && isIssueNumber(issue),
    staleTime: (q) => (q.state.data?.drawn ? Infinity : 0),
    refetchInterval: (q) => (q.state.data && !q.state.data.drawn ? 5000 : false),
  });
}

/** GET /api/fair/chain: the game's published final hashes. */
export function useFairChain(gameId: number) {
  return useQuery({
    queryKey: ['fair', 'chain', gameId] as const,
    queryFn: ({ signal }) => apiGet<FairChain>('/api/fair/chain', { game_id: gameId }, { signal }),
    enabled: gameId > 0,
    staleTime: 60_000,
  });
}

/** The latest drawn rounds of the game, to pick one to verify. */
export function useFairRecent(gameId: number) {
  return useQuery({
    ...issueListQuery(gameId, 8, 'fair'),
    enabled: gameId > 0,
    staleTime: 15_000,
  });
}
