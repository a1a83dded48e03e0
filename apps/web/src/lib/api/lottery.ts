/**
 * The lottery endpoints several features read (`Lottery/heart`, `Lottery/issueList`,
 * `Lottery/oddsList`, `Lottery/index`): one typed fetcher and one query-options builder per
 * endpoint. Features spread the options and add their own polling / freshness settings.
 * Imported by the home screen's cards: keep it free of anything heavier than the API client.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from './client';

/** The last drawn round as a heartbeat reports it. */
export interface LastIssue {
  issue: string;
  site_1: number;
  site_2: number;
  site_3: number;
  code: number;
}

// ---- Lottery/heart -------------------------------------------------------------------------------

/** One game's round in the home heartbeat (`Lottery/heart` with empty ids). */
export interface HomeGameRound {
  game_id: number;
  name: string;
  /** 1 open, anything else stopped (outside opening hours or disabled). */
  game_status: number;
  /** The real number of bets placed in the current round (DESIGN §9). */
  order_count: number;
  last_issue: LastIssue | null;
  /** Current round number. */
  issue: string;
  whether_close: boolean;
  /** Seconds until the draw, when the server answered. */
  openTime: number;
  /** Seconds until betting closes (0 once closed). */
  closeTime: number;
}

export interface HomeHeart {
  games: HomeGameRound[];
}

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

/** A room's heartbeat (`Lottery/heart` with `plan_id` and `game_id`). */
export interface RoomHeart {
  game_id: number;
  plan_id: number;
  last_issue: LastIssue | null;
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

export function fetchHeart(ids: { plan_id: number; game_id: number }, signal?: AbortSignal): Promise<RoomHeart>;
export function fetchHeart(ids: Record<string, never>, signal?: AbortSignal): Promise<HomeHeart>;
export function fetchHeart(ids: { plan_id?: number; game_id?: number }, signal?: AbortSignal): Promise<unknown> {
  return apiPost('/api/Lottery/heart', ids, { signal });
}

/** Every game's current round (the home cards). */
export const homeHeartQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'heart', 'home'] as const,
    queryFn: ({ signal }) => fetchHeart({}, signal),
  });

/** One room's heartbeat. */
export const roomHeartQuery = (planId: number, gameId: number) =>
  queryOptions({
    queryKey: ['lottery', 'heart', 'room', planId] as const,
    queryFn: ({ signal }) => fetchHeart({ plan_id: planId, game_id: gameId }, signal),
  });

// ---- Lottery/issueList ---------------------------------------------------------------------------

/** A drawn round as `Lottery/issueList` answers it (newest first). */
export interface DrawEntry {
  id: number;
  game_id: number;
  issue: string;
  site_1: number;
  site_2: number;
  site_3: number;
  /** The total, 0–27. */
  code: number;
  /** Localised size and parity tags. */
  base: string[];
  /** "3+5+7=15". */
  join: string;
  numbers: number[];
  /** Draw time, Unix seconds. */
  opentime: number;
}

export const fetchIssueList = (gameId: number, limit: number, signal?: AbortSignal) =>
  apiPost<DrawEntry[]>('/api/Lottery/issueList', { game_id: gameId, limit }, { signal });

/** The game's latest `limit` draws; `tag` keeps the callers' differently refreshed lists apart. */
export const issueListQuery = (gameId: number, limit: number, tag: string) =>
  queryOptions({
    queryKey: ['lottery', 'issueList', gameId, limit, tag] as const,
    queryFn: ({ signal }) => fetchIssueList(gameId, limit, signal),
  });

// ---- Lottery/oddsList ----------------------------------------------------------------------------

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

export const fetchOddsList = (planId: number, signal?: AbortSignal) => apiPost<OddsList>('/api/Lottery/oddsList', { plan_id: planId }, { signal });

/** A room's odds and limits per class; they change rarely. */
export const oddsListQuery = (planId: number) =>
  queryOptions({
    queryKey: ['lottery', 'oddsList', planId] as const,
    queryFn: ({ signal }) => fetchOddsList(planId, signal),
    staleTime: 5 * 60_000,
  });

// ---- Lottery/index -------------------------------------------------------------------------------

export interface LotteryPlan {
  id: number;
  game_id: number;
  /** 0 basic, 1 self, 2 master, 3 expert — beginner … ultimate tier. */
  type: number;
  title: string;
  /** Decimal strings. */
  min_limit: string;
  join_limit: string;
  /** Real players present in the room in the last 30 s (DESIGN §9). */
  robot_num: number;
}

export interface LotteryGame {
  id: number;
  name: string;
  tab_index: number;
  game_status: number;
  open_from: string | null;
  open_to: string | null;
  planList: LotteryPlan[];
}

export interface LotteryIndex {
  gameList: LotteryGame[];
  /** The server's round configuration, the same for every game. */
  round_seconds: number;
  close_before_seconds: number;
  /** IANA zone of the opening hours and of the issue dates. */
  time_zone: string;
}

export const fetchLotteryIndex = (signal?: AbortSignal) => apiPost<LotteryIndex>('/api/Lottery/index', {}, { signal });

/** Every game with its rooms. */
export const lotteryIndexQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'hall'] as const,
    queryFn: ({ signal }) => fetchLotteryIndex(signal),
    staleTime: 10_000,
  });
