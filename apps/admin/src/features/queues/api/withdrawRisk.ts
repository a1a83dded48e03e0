import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

export type WithdrawalRisk = AnswerOf<typeof api.admin.withdrawRisk>;

/** A withdrawal's risk facts; under the queue's key, so a decision's refresh reads them again. */
export const withdrawalRiskQuery = (id: number) => ({
  queryKey: ['withdraw', 'risk', id],
  queryFn: () => call(api.admin.withdrawRisk, { id }),
  staleTime: 60_000,
});
