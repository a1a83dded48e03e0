/**
 * The lottery endpoints several features read (`Lottery/heart`, `Lottery/issueList`,
 * `Lottery/oddsList`, `Lottery/index`): one typed fetcher and one query-options builder per
 * endpoint. Features spread the options and add their own polling / freshness settings.
 * Imported by the home screen's cards: keep it free of anything heavier than the API client.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import type { HomeHeart, RoomHeart } from '@lucky28/shared/schemas';
import { call } from './client';

// The answers' types are inferred from the schemas the server declares (type-only: no zod in the bundle).
export type {
  DrawEntry,
  FeedEntry,
  GameHeart,
  HitNotice,
  HomeGameRound,
  HomeHeart,
  LastIssue,
  OddsEntry,
  OddsList,
  RoomHeart,
  Hall as LotteryIndex,
  HallGame as LotteryGame,
  HallRoom as LotteryPlan,
} from '@lucky28/shared/schemas';

// ---- Lottery/heart -------------------------------------------------------------------------------

export function fetchHeart(ids: { plan_id: number; game_id: number }, signal?: AbortSignal): Promise<RoomHeart>;
export function fetchHeart(ids: Record<string, never>, signal?: AbortSignal): Promise<HomeHeart>;
export function fetchHeart(ids: { plan_id?: number; game_id?: number }, signal?: AbortSignal): Promise<unknown> {
  return call(api.lottery.heart, ids, { signal });
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

/**
 * How a heart query refreshes (docs/product.md#constants-and-game-rules): polled every `pollMs` only while its live stream is down,
 * never while the page is hidden, and at once when the player comes back.
 */
export const heartRefresh = (live: boolean, pollMs: number) => ({
  refetchInterval: live ? (false as const) : pollMs,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

// ---- Lottery/issueList ---------------------------------------------------------------------------

export const fetchIssueList = (gameId: number, limit: number, signal?: AbortSignal) => call(api.lottery.issueList, { game_id: gameId, limit }, { signal });

/** The game's latest `limit` draws; `tag` keeps the callers' differently refreshed lists apart. */
export const issueListQuery = (gameId: number, limit: number, tag: string) =>
  queryOptions({
    queryKey: ['lottery', 'issueList', gameId, limit, tag] as const,
    queryFn: ({ signal }) => fetchIssueList(gameId, limit, signal),
  });

/**
 * The game's latest `limit` draws as of `lastIssue`, the last drawn issue its heartbeat reports:
 * fetched once per draw, the previous list staying on screen while the next one loads.
 */
export const drawsAsOfQuery = (gameId: number, limit: number, lastIssue: string | undefined) =>
  queryOptions({
    ...issueListQuery(gameId, limit, lastIssue ?? ''),
    enabled: lastIssue !== undefined,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

// ---- Lottery/oddsList ----------------------------------------------------------------------------

export const fetchOddsList = (planId: number, signal?: AbortSignal) => call(api.lottery.oddsList, { plan_id: planId }, { signal });

/** A room's odds and limits per class; they change rarely. */
export const oddsListQuery = (planId: number) =>
  queryOptions({
    queryKey: ['lottery', 'oddsList', planId] as const,
    queryFn: ({ signal }) => fetchOddsList(planId, signal),
    staleTime: 5 * 60_000,
  });

// ---- Lottery/index -------------------------------------------------------------------------------

export const fetchLotteryIndex = (signal?: AbortSignal) => call(api.lottery.index, {}, { signal });

/** Every game with its rooms. */
export const lotteryIndexQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'hall'] as const,
    queryFn: ({ signal }) => fetchLotteryIndex(signal),
    staleTime: 10_000,
  });
