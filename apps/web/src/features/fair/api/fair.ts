import { useQuery } from '@tanstack/react-query';
import { isIssueNumber } from '@lucky28/shared/game';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { issueListQuery, lotteryIndexQuery } from '../../../lib/api/lottery';

export type { FairChain, FairRound } from '@lucky28/shared/schemas';

/** `fair.round`: the commitment, and after the draw the seed and the result. */
export function useFairRound(gameId: number, issue: string) {
  return useQuery({
    queryKey: ['fair', 'round', gameId, issue] as const,
    queryFn: ({ signal }) => call(api.fair.round, { game_id: gameId, issue }, { signal }),
    enabled: gameId > 0 && isIssueNumber(issue),
    staleTime: (q) => (q.state.data?.drawn ? Infinity : 0),
    refetchInterval: (q) => (q.state.data && !q.state.data.drawn ? 5000 : false),
  });
}

/** `fair.chain`: the game's published final hashes. */
export function useFairChain(gameId: number) {
  return useQuery({
    queryKey: ['fair', 'chain', gameId] as const,
    queryFn: ({ signal }) => call(api.fair.chain, { game_id: gameId }, { signal }),
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

/** `fair.acceptedBets`: one page of a room's accepted-bets list of a round. */
export const fetchAcceptedBetsPage = (q: { plan_id: number; issue: string; page: number; limit: number }, signal?: AbortSignal) =>
  call(api.fair.acceptedBets, q, { signal });

/** The rooms of a game, to pick the list to check. */
export function useFairRooms(gameId: number) {
  return useQuery({
    ...lotteryIndexQuery(),
    select: (hall) => hall.gameList.find((g) => g.id === gameId)?.planList ?? [],
  });
}

/** `fair.redPacket`: a packet's seed hash and claims, and once it is empty or expired its seed and claims hash. */
export function useFairPacket(packetId: number) {
  return useQuery({
    queryKey: ['fair', 'redPacket', packetId] as const,
    queryFn: ({ signal }) => call(api.fair.redPacket, { packet_id: packetId }, { signal }),
    enabled: Number.isSafeInteger(packetId) && packetId > 0,
    staleTime: (q) => (q.state.data?.seed ? Infinity : 0),
    // Until it is revealed the claims keep coming; the seed appears once the packet is empty or expired.
    refetchInterval: (q) => (q.state.data && !q.state.data.seed ? 10_000 : false),
  });
}
