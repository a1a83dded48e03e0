import type { AnswerOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

export type UserDetail = AnswerOf<typeof api.admin.userDetail>;
/** A bound payout account, masked or (revealed) in full. */
export type PayAccount = UserDetail['accounts'][number];

export const userDetailQuery = (id: number) => ({ queryKey: ['user', id], queryFn: () => call(api.admin.userDetail, { id }) });
