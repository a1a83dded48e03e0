import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, CallRef, InputOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

export type ChatRoomRow = AnswerOf<typeof api.admin.chatRooms>['list'][number];
export type OperatorChatMessage = AnswerOf<typeof api.admin.chatMessages>['list'][number];
export type ChatReportRow = AnswerOf<typeof api.admin.chatReports>['list'][number];
export type ChatMuteRow = AnswerOf<typeof api.admin.chatMutes>['list'][number];

/** How often the live view asks for a room's new messages. */
export const LIVE_POLL_MS = 3_000;

export const useChatRooms = () => useQuery({ queryKey: ['chat', 'rooms'], queryFn: () => call(api.admin.chatRooms) });
/** A room's last messages as operators see them, read again every LIVE_POLL_MS. */
export const useRoomChat = (planId: number | null) =>
  useQuery({
    queryKey: ['chat', 'messages', planId],
    queryFn: () => call(api.admin.chatMessages, { plan_id: planId! }),
    enabled: planId !== null,
    refetchInterval: LIVE_POLL_MS,
  });
export const useChatReports = (status: 'open' | 'resolved') =>
  useQuery({ queryKey: ['chat', 'reports', status], queryFn: () => call(api.admin.chatReports, { status }) });
export const useChatMutes = () => useQuery({ queryKey: ['chat', 'mutes'], queryFn: () => call(api.admin.chatMutes) });
export const useChatFilter = () => useQuery({ queryKey: ['chat', 'filter'], queryFn: () => call(api.admin.chatFilter) });

/** A moderation change; every chat view is read again after it. */
export function useChatChange<C extends CallRef>(ref: C) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<C>) => call(ref, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['chat'] }),
  });
}
