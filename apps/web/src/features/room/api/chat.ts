import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import type { ChatList, ChatMessage, ChatMyMute, ChatRoomEvent } from '@lucky28/shared/schemas';
import { call, send } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { addNewer, addOlder, emptyChat, firstChatId, lastChatId, withMute, withRoom, withRoomState, type ChatState } from '../model/chat';

/** While the stream is down the chat is polled as often as the room's heart (docs/chat.md). */
export const CHAT_POLL_MS = 2000;
/** A catch-up reads at most this many pages of newer messages at once; the next poll reads the rest. */
const CATCH_UP_PAGES = 5;

/** Per room and session: `mine` depends on who asks. */
const chatKey = (planId: number, token: string | null) => ['chat', planId, token ?? ''] as const;

type Key = ReturnType<typeof chatKey>;
const update = (queryClient: QueryClient, key: Key, f: (s: ChatState) => ChatState) => queryClient.setQueryData<ChatState>(key, (old) => f(old ?? emptyChat));

/**
 * The room's chat (docs/chat.md): the last 100 messages on entry; then, each time the query runs again
 * (the polling fallback while the stream is down, and once the stream is back after a reconnection),
 * the messages after the last id shown. The stream's `chat` events are folded in by `listen`, one's own
 * post by `post`; every message is shown once (model/chat.ts).
 */
export function useRoomChat(planId: number, streamLive: boolean) {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const key = chatKey(planId, token);
  const valid = Number.isInteger(planId) && planId > 0;

  const query = useQuery({
    queryKey: key,
    enabled: valid,
    queryFn: async ({ signal }): Promise<ChatState> => {
      const shown = queryClient.getQueryData<ChatState>(key);
      let after = shown ? lastChatId(shown) : null;
      if (after === null) {
        const page = await call(api.chat.list, { plan_id: planId }, { signal });
        // What the stream pushed meanwhile stays.
        const now = queryClient.getQueryData<ChatState>(key) ?? emptyChat;
        return withRoomState({ ...addNewer(now, page.list), hasOlder: page.has_more }, page);
      }
      const pages: ChatMessage[] = [];
      let state: ChatList | null = null;
      for (let i = 0; i < CATCH_UP_PAGES; i++) {
        const page: ChatList = await call(api.chat.list, { plan_id: planId, after }, { signal });
        state = page;
        pages.push(...page.list);
        if (!page.has_more || page.list.length === 0) break;
        after = page.list[page.list.length - 1]!.id;
      }
      const merged = addNewer(queryClient.getQueryData<ChatState>(key) ?? emptyChat, pages);
      return state ? withRoomState(merged, state) : merged;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: streamLive ? false : CHAT_POLL_MS,
  });

  // The stream came back (after a cut, or a node going away): what was posted meanwhile.
  const wasLive = useRef(streamLive);
  const { refetch, data } = query;
  const loaded = data !== undefined;
  useEffect(() => {
    if (streamLive && !wasLive.current && loaded) void refetch();
    wasLive.current = streamLive;
  }, [streamLive, loaded, refetch]);

  const keyText = JSON.stringify(key);
  /**
   * For the room's stream: a `chat` event of this room, the room's changed state (`chat_room`) and the
   * player's changed mute (`chat_mute`), folded in as chat.list would answer them (docs/chat.md#live-room-state).
   */
  const listen = useCallback(
    (event: string, payload: unknown) => {
      const at = JSON.parse(keyText) as Key;
      if (event === 'chat') {
        const m = payload as ChatMessage;
        if (m.plan_id === planId) update(queryClient, at, (s) => addNewer(s, [m]));
      } else if (event === 'chat_room') {
        const { plan_id, ...room } = payload as ChatRoomEvent;
        if (plan_id === planId) update(queryClient, at, (s) => withRoom(s, room));
      } else if (event === 'chat_mute') {
        update(queryClient, at, (s) => withMute(s, payload as ChatMyMute));
      }
    },
    [queryClient, keyText, planId],
  );

  const older = useMutation({
    mutationFn: async () => {
      const shown = queryClient.getQueryData<ChatState>(key);
      const before = shown ? firstChatId(shown) : null;
      if (before === null) return;
      const page = await call(api.chat.list, { plan_id: planId, before });
      update(queryClient, key, (s) => addOlder(s, page.list, page.has_more));
    },
  });

  const post = useMutation({
    mutationFn: (text: string) => call(api.chat.post, { plan_id: planId, text }),
    onSuccess: (m) => update(queryClient, key, (s) => addNewer(s, [m])),
  });

  /** A report of another player's message; answers the server's thanks (or throws its refusal). */
  const report = useMutation({
    mutationFn: async (messageId: number) => (await send(api.chat.report, { message_id: messageId })).msg,
  });

  /** After a refused post the room's state may have changed (chat off, a mute): read it again. */
  const refresh = useCallback(() => void refetch(), [refetch]);

  return { chat: data ?? emptyChat, query, listen, older, post, report, refresh };
}
