import { useMutation, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { newIdempotencyKey, send } from '../../../lib/api';
import { drawsAsOfQuery, heartRefresh, oddsListQuery, roomHeartQuery } from '../../../lib/api/lottery';
import { applyRoomEvent } from '../../../lib/api/heartEvents';
import { useHeartStream } from '../../../hooks/useHeartStream';

export const ROOM_HEART_MS = 2000;

/**
 * The room's heartbeat: pushed by the live stream while it works, else polled every 2 s (docs/product.md#constants-and-game-rules);
 * paused while the page is hidden. `listen` is told every event of the stream (the chat's `chat`).
 */
export function useRoomHeart(planId: number, gameId: number, listen?: (event: string, data: unknown) => void) {
  const options = roomHeartQuery(planId, gameId);
  const valid = Number.isInteger(planId) && planId > 0 && Number.isInteger(gameId) && gameId > 0;
  const live = useHeartStream(options.queryKey, valid ? { plan_id: planId, game_id: gameId } : null, applyRoomEvent, listen);
  const query = useQuery({
    ...options,
    ...heartRefresh(live, ROOM_HEART_MS),
    gcTime: 0,
    // Heartbeat errors in the polling loop are silent (docs/product.md#error-handling); the last good answer stays on screen.
    retry: false,
  });
  return { query, live };
}

export const useRoomOdds = (planId: number) => useQuery(oddsListQuery(planId));

/** The latest draws of the game, fetched again when the heartbeat reports a new draw. */
export const useRecentDraws = (gameId: number, lastIssue: string | undefined, limit = 5) => useQuery(drawsAsOfQuery(gameId, limit, lastIssue));

export interface BetRequest {
  issue: string;
  planId: number;
  gameId: number;
  playTypes: number[];
  /** Per class, "10.00". */
  money: string;
  /** The list form instead (a slip typed in the chat): each class with its own stake, "10.00". */
  slip?: { playType: number; money: string }[];
  /** Where the slip was confirmed: `chat` posts its bet message to the room's chat. */
  source?: 'chat';
  /** The slip's own key (one per confirmation, so a second tap on it is the same bet); default a new one. */
  idempotencyKey?: string;
}

/**
 * `Lottery/playOrder`: the whole selection in one request, all accepted or none. The
 * Idempotency-Key is made once per submission, so the client's timeout retries apply it once.
 */
export function usePlaceBet() {
  return useMutation({
    mutationFn: async (bet: BetRequest) => {
      const where = { issue: bet.issue, plan_id: bet.planId, game_id: bet.gameId };
      const what = bet.slip
        ? { bets: bet.slip.map((b) => ({ play_type: b.playType, money: b.money })), source: bet.source }
        : { play_type: bet.playTypes.join(','), money: bet.money };
      const env = await send(api.lottery.playOrder, { ...where, ...what }, { idempotencyKey: bet.idempotencyKey ?? newIdempotencyKey() });
      return { entry: env.data, msg: env.msg };
    },
  });
}
