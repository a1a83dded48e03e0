import { useQuery } from '@tanstack/react-query';
import type { InviteInfo } from '@lucky28/shared/schemas';
import { apiPost } from '../../../lib/api';

/** POST /api/user/inviteInfo: the caller's id (the link's inviter_id) and how many registered through it. */
export const useInviteInfo = (enabled = true) =>
  useQuery({ queryKey: ['invite'] as const, queryFn: () => apiPost<InviteInfo>('/api/user/inviteInfo'), staleTime: 0, enabled });

/** The invite link (spec §2.9): the site's register path with inviter_id = the player's id. */
export const inviteLink = (origin: string, inviterId: number) => `${origin}/register?inviter_id=${inviterId}`;
