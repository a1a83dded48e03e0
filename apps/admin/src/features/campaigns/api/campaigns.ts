import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, CallRef } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

export type AdminCampaign = AnswerOf<typeof api.campaigns.campaignList>[number];
export type CampaignStats = AnswerOf<typeof api.campaigns.campaignStats>;

export const useCampaigns = () => useQuery({ queryKey: ['campaigns'], queryFn: () => call(api.campaigns.campaignList) });
export const useCampaignStats = (id: number | null) =>
  useQuery({ queryKey: ['campaigns', 'stats', id], queryFn: () => call(api.campaigns.campaignStats, { id: id! }), enabled: id !== null });

/** A campaign change (save, end); the list is read again after it. */
export function useCampaignChange<V>(ref: CallRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => call(ref, body as never),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}
