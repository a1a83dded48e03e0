import { useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

/** `content.inviteInfo`: the caller's id (the link's inviter_id) and how many registered through it. */
export const useInviteInfo = (enabled = true) =>
  useQuery({ queryKey: ['invite'] as const, queryFn: () => call(api.content.inviteInfo), staleTime: 0, enabled });

/** The invite link (docs/product.md#account-screens): the site's register path with inviter_id = the player's id. */
export const inviteLink = (origin: string, inviterId: number) => `${origin}/register?inviter_id=${inviterId}`;
