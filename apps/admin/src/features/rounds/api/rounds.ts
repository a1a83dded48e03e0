import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

/** A bet as the finders show it: the bet, its player and its round. */
export type FoundBet = AnswerOf<typeof api.admin.orderFind>;

/** A bet by its order number. */
export const findOrder = (orderNo: string) => call(api.admin.orderFind, { order_no: orderNo });

/** A page of a round's bets after order id `after` (0: the first page). */
export const roundBetsQuery = (roundId: number, after: number, limit = 50) => ({
  queryKey: ['roundBets', roundId, after, limit],
  queryFn: () => call(api.admin.roundBets, { round_id: roundId, after, limit }),
});
