/**
 * The room's chat fed by the live stream: its `chat` events, the room's state (`chat_room`) and the
 * player's mute (`chat_mute`) as an operator changes them, and the catch-up when the stream comes back.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '../../../lib/api';
import type { HeartStreamHandlers } from '../../../lib/api/heartStream';
import { useSession } from '../../../lib/session';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fakeApi, ok, screenAt } from '../../../test/render';
import type { ChatMyMute, ChatRoomEvent } from '@lucky28/shared/schemas';
import { chatMessage, chatPage, roomHeart, roomState } from '../test/roomData';
import { BetRoomScreen } from './BetRoomScreen';

const stream = vi.hoisted(() => ({ handlers: null as HeartStreamHandlers | null, params: null as unknown }));
vi.mock('../../../lib/api/heartStream', () => ({
  runHeartStream: (params: unknown, handlers: HeartStreamHandlers) => {
    stream.params = params;
    stream.handlers = handlers;
    return () => {
      stream.handlers = null;
    };
  },
}));

const heart = roomHeart();
const msg = chatMessage;

describe('BetRoomScreen chat over the stream', () => {
  const saved = globalThis.TextDecoderStream;
  beforeAll(async () => {
    await loadGameTexts();
    // The stream is used only where the browser can decode one.
    globalThis.TextDecoderStream ??= class {} as unknown as typeof TextDecoderStream;
  });
  afterAll(() => {
    globalThis.TextDecoderStream = saved;
  });
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 5 }, { remember: false }));

  it('adds the chat events of its room once, and asks after the last id when the stream comes back', async () => {
    let missed = false;
    const api = fakeApi({
      '/api/Lottery/heart': () => ok(heart),
      '/api/Lottery/oddsList': () => ok({ plan_id: 1, game_id: 7, rule_base: [], rule_num: [] }),
      '/api/Lottery/issueList': () => ok([]),
      '/api/chat/list': (body) => ok(chatPage(body.after !== undefined ? (missed ? [msg(9), msg(10)] : []) : [msg(1)])),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/betRoom', <BetRoomScreen />, '/betRoom?id=1&game_id=7');
    expect(await screen.findByText('hello 1')).toBeTruthy();
    await waitFor(() => expect(stream.handlers).not.toBeNull());
    expect(stream.params).toEqual({ plan_id: 1, game_id: 7 });

    const h = stream.handlers!;
    act(() => {
      h.onEvent('heart', heart);
      h.onLive(true);
    });
    act(() => {
      h.onEvent('chat', msg(8));
      // Again (a second node's push of the same message), and another room's.
      h.onEvent('chat', msg(8));
      h.onEvent('chat', msg(50, { plan_id: 2, text: 'elsewhere' }));
    });
    expect(await screen.findByText('hello 8')).toBeTruthy();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
    expect(screen.queryByText('elsewhere')).toBeNull();

    // Cut, then back: what was posted meanwhile comes from chat.list after the last id shown.
    missed = true;
    act(() => h.onLive(false));
    act(() => h.onLive(true));
    expect(await screen.findByText('hello 10')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/chat/list').some((c) => c.body.after === 8)).toBe(true);
    expect(screen.getAllByTestId('chat-message').map((r) => r.getAttribute('aria-label'))).toEqual([
      'd***d: hello 1',
      'd***d: hello 8',
      'd***d: hello 9',
      'd***d: hello 10',
    ]);
  });

  it('follows the room’s state as the operator changes it, at once: the notice, the pin, slow mode, the gate, a clear, a mute', async () => {
    let listed = chatPage([msg(1), msg(2)]);
    const api = fakeApi({
      '/api/Lottery/heart': () => ok(heart),
      '/api/Lottery/oddsList': () => ok({ plan_id: 1, game_id: 7, rule_base: [], rule_num: [] }),
      '/api/Lottery/issueList': () => ok([]),
      '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 60, close_before_seconds: 10, time_zone: 'Asia/Shanghai' }),
      '/api/chat/list': (body) => ok(body.after !== undefined ? { ...listed, list: [] } : listed),
      '/api/chat/post': (body) => ok(msg(3, { text: String(body.text), mine: true })),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/betRoom', <BetRoomScreen />, '/betRoom?id=1&game_id=7');
    expect(await screen.findByText('hello 2')).toBeTruthy();
    await waitFor(() => expect(stream.handlers).not.toBeNull());
    const h = stream.handlers!;
    act(() => {
      h.onEvent('heart', heart);
      h.onLive(true);
    });
    const lists = () => api.calls.filter((c) => c.path === '/api/chat/list').length;
    // The stream is live: the catch-up after the last id shown, then nothing more is read.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/chat/list' && c.body.after === 2)).toBe(true));
    const before = lists();
    /** An operator's change: the server's state, and its push on the stream. */
    const push = (event: 'chat_room' | 'chat_mute', data: ChatRoomEvent | ChatMyMute) => {
      if (event === 'chat_mute') listed = { ...listed, my_mute: data as ChatMyMute };
      else if ((data as ChatRoomEvent).plan_id === 1) {
        const { plan_id: _plan, ...room } = data as ChatRoomEvent;
        listed = { ...listed, room };
      }
      act(() => h.onEvent(event, data));
    };
    const text = (testId: string) => screen.queryByTestId(testId)?.textContent ?? null;
    const banned = 'The system has banned chat, please choose to buy';

    // Chat switched off: the notice stands where the input was; on again: the input is back.
    push('chat_room', { plan_id: 1, ...roomState({ enabled: false }) });
    await waitFor(() => expect(text('chat-blocked')).toBe(banned));
    expect(screen.queryByTestId('chat-input')).toBeNull();
    // Another room's state changes nothing here.
    push('chat_room', { plan_id: 2, ...roomState() });
    push('chat_room', { plan_id: 1, ...roomState({ enabled: false, pinned: { text: 'Draw at 12:00', createtime: 5 } }) });
    await waitFor(() => expect(text('chat-pinned')).toBe('PinnedDraw at 12:00'));
    expect(text('chat-blocked')).toBe(banned);
    // On again, unpinned.
    push('chat_room', { plan_id: 1, ...roomState() });
    await waitFor(() => expect(screen.queryByTestId('chat-input')).not.toBeNull());
    expect(screen.queryByTestId('chat-pinned')).toBeNull();

    // Slow mode and the gate are said above the input; after one's own post, the wait.
    push('chat_room', { plan_id: 1, ...roomState({ slow_mode_seconds: 1, gate_settled_bet: true, gate_account_hours: 1 }) });
    await waitFor(() => expect(text('chat-rule-slow')).toBe('Slow mode: one message every 1 second'));
    expect(text('chat-rule-gate-settled')).toBe('In this room, new accounts chat after their first settled bet');
    expect(text('chat-rule-gate-hours')).toBe('In this room, accounts chat 1 hour after registering');
    push('chat_room', { plan_id: 1, ...roomState({ slow_mode_seconds: 30 }) });
    await waitFor(() => expect(text('chat-rule-slow')).toBe('Slow mode: one message every 30 seconds'));
    expect(screen.queryByTestId('chat-rule-gate-hours')).toBeNull();
    await userEvent.type(screen.getByTestId('chat-input'), 'hi');
    await userEvent.click(screen.getByTestId('chat-send'));
    expect((await screen.findByTestId('chat-rule-slow-wait')).textContent).toMatch(/^Slow mode: you can write again in (30|29) seconds$/);

    // Cleared: what was shown up to the mark goes at once.
    push('chat_room', { plan_id: 1, ...roomState({ cleared_through: 2 }) });
    await waitFor(() => expect(screen.queryByText('hello 1')).toBeNull());
    expect(screen.queryByText('hello 2')).toBeNull();
    expect(screen.getByText('hi')).toBeTruthy();

    // The player muted, then the mute lifted.
    push('chat_mute', { until: 1_735_705_800, reason: 'spam' });
    await waitFor(() => expect(text('chat-blocked')).toBe('You are banned from chatting until 2025-01-01 12:30 (spam)'));
    push('chat_mute', null);
    await waitFor(() => expect(screen.queryByTestId('chat-input')).not.toBeNull());
    // All of it without reading chat.list again.
    expect(lists()).toBe(before);

    // Missed while the stream was away: the catch-up brings the room's state with the messages.
    listed = chatPage([], { room: roomState({ muted: true }) });
    act(() => h.onLive(false));
    act(() => h.onLive(true));
    await waitFor(() => expect(text('chat-blocked')).toBe(banned));
  });
});
