import { useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import type { AnswerOf } from '@lucky28/shared/api';
import { call } from '../../../lib/api';

/** `referral.team`: the caller's invitees (masked), commission per day and totals, and the programme's rules. */
export const useTeam = () => useQuery({ queryKey: ['referral', 'team'] as const, queryFn: () => call(api.referral.team), staleTime: 0 });

export type Team = AnswerOf<typeof api.referral.team>;
