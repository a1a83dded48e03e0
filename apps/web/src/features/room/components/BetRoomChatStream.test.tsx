/** The room's chat fed by the live stream: its `chat` events, and the catch-up when the stream comes back. */
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import type { HeartStreamHandlers } from '../../../lib/api/heartStream';
import { useSession } from '../../../lib/session';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fakeApi, ok, screenAt } from '../../../test/render';
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

const ISSUE = '20250101001';
const heart = {
  game_id: 7,
  plan_id: 1,
  last_issue: { issue: '20250101000', site_1: 1, site_2: 2, site_3: 3, code: 6 },
  issue: { issue: ISSUE, whether_close: false, openTime: 100, openTime1: 100, closeTime: 80 },
  game_status: 1,
  order_count: 0,
  robot_num: 2,
  user_quantity: '100.00',
  message: [],
  hit_notice: [],
};
const msg = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  plan_id: 1,
  kind: 'player',
  nickname: 'd***d',
  text: `hello ${id}`,
  mine: false,
  createtime: 10 + id,
  ...patch,
});

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
      '/api/chat/list': (body) =>
        body.after !== undefined
          ? ok({ plan_id: 1, list: missed ? [msg(9), msg(10)] : [], has_more: false })
          : ok({ plan_id: 1, list: [msg(1)], has_more: false }),
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
});
