import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiPost, newIdempotencyKey, request } from '../../../lib/api';

/** A real bet in the room's feed (newest last). */
export interface FeedEntry {
  nickname: string;
  issue: string;
  play_type: number;
  play_method: string;
  quantity: string;
  /** The bettor's balance after the bet — only on the caller's own bets. */
  after_quantity: string | null;
  mine: boolean;
  createtime: number;
}

export interface HitNotice {
  nickname: string;
  game_id: number;
  game_name: string;
  profit: string;
}

export interface RoomHeart {
  game_id: number;
  plan_id: number;
  last_issue: { issue: string; site_1: number; site_2: number; site_3: number; code: number } | null;
  issue: { issue: string; whether_close: boolean; openTime: number; openTime1: number; closeTime: number };
  game_status: number;
  order_count: number;
  /** Real players present in the room. */
  robot_num: number;
  /** The caller's balance. */
  user_quantity: string | null;
  message: FeedEntry[];
  hit_notice: HitNotice[];
}

export interface OddsEntry {
  class: number;
  class_name: string;
  odds: string;
  odds_special: string | null;
  min: string;
  max: string;
  rtp: string;
}

export interface OddsList {
  plan_id: number;
  game_id: number;
  rule_base: OddsEntry[];
  rule_num: OddsEntry[];
}

export interface DrawEntry {
  id: number;
  issue: string;
  site_1: number;
  site_2: number;
  site_3: number;
  code: number;
  base: string[];
  join: string;
}

export interface BetEntry {
  issue: string;
  play_type: string;
  play_method: string;
  quantity: string;
  after_quantity: string;
}

export const ROOM_HEART_MS = 2000;

/** The room's heartbeat every 2 s (spec §9); paused while the page is hidden. */
export function useRoomHeart(planId: number, gameId: number) {
  return useQuery({
    queryKey: ['lottery', 'heart', 'room', planId] as const,
    queryFn: ({ signal }) => apiPost<RoomHeart>('/api/Lottery/heart', { plan_id: planId, game_id: gameId }, { signal }),
    refetchInterval: ROOM_HEART_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
    // Heartbeat errors in the polling loop are silent (spec §8); the last good answer stays on screen.
    retry: false,
  });
}

export function useRoomOdds(planId: number) {
  return useQuery({
    queryKey: ['lottery', 'oddsList', planId] as const,
    queryFn: ({ signal }) => apiPost<OddsList>('/api/Lottery/oddsList', { plan_id: planId }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The latest draws of the game, fetched again when the heartbeat reports a new draw. */
export function useRecentDraws(gameId: number, lastIssue: string | undefined, limit = 5) {
  return useQuery({
    queryKey: ['lottery', 'issueList', gameId, limit, lastIssue ?? ''] as const,
    queryFn: ({ signal }) => apiPost<DrawEntry[]>('/api/Lottery/issueList', { game_id: gameId, limit }, { signal }),
    enabled: lastIssue !== undefined,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export interface BetRequest {
  issue: string;
  planId: number;
  gameId: number;
  playTypes: number[];
  /** Per class, "10.00". */
  money: string;
}

/**
 * `Lottery/playOrder`: the whole selection in one request, all accepted or none. The
 * Idempotency-Key is made once per submission, so the client's timeout retries apply it once.
 */
export function usePlaceBet() {
  return useMutation({
    mutationFn: async (bet: BetRequest) => {
      const env = await request<BetEntry>('/api/Lottery/playOrder', {
        method: 'POST',
        data: {
          issue: bet.issue,
          plan_id: bet.planId,
          game_id: bet.gameId,
          play_type: bet.playTypes.join(','),
          money: bet.money,
        },
        idempotencyKey: newIdempotencyKey(),
      });
      return { entry: env.data, msg: env.msg };
    },
  });
}
