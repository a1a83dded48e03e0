import { afterEach, describe, expect, it } from 'vitest';
import type { RoomHeart } from '@lucky28/shared/schemas';
import { configureApiClient } from './client';
import { applyRoomEvent } from './heartEvents';
import { runHeartStream } from './heartStream';

const encoder = new TextEncoder();

/** A fetch answering the stream with the given SSE chunks, then ending it; records what it was asked. */
function streamingFetch(chunks: string[], status = 200, type = 'text/event-stream', extraHeaders: Record<string, string> = {}) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c));
        controller.close();
      },
    });
    return new Response(body, { status, headers: { 'content-type': type, ...extraHeaders } });
  };
  return { fetch, asked };
}

const heart = {
  game_id: 7,
  plan_id: 3,
  issue: { issue: '1', whether_close: false, openTime: 90, openTime1: 90, closeTime: 60 },
  order_count: 0,
  robot_num: 0,
  user_quantity: '5.00',
  message: [],
  hit_notice: [],
  last_issue: null,
  game_status: 1,
} as unknown as RoomHeart;
const entry = (n: number) => ({
  nickname: 'a***e',
  issue: '1',
  play_type: 1,
  play_method: 'Big',
  quantity: `${n}.00`,
  after_quantity: null,
  mine: false,
  createtime: n,
});

afterEach(() => configureApiClient({ fetch: (...args) => globalThis.fetch(...args), getToken: () => null }));

describe('runHeartStream', () => {
  it('asks with the token header and lang, reports live on the first heart, passes every event on, and not live when cut', async () => {
    const api = streamingFetch([
      ': hello\n\n',
      `event: heart\ndata: ${JSON.stringify(heart)}\n\n`,
      'event: bets\ndata: {"order_count":1,',
      '"message":[]}\n\n',
    ]);
    configureApiClient({ fetch: api.fetch, getToken: () => 'tok', getLang: () => 'en' });
    const lives: boolean[] = [];
    const events: string[] = [];
    const stop = runHeartStream({ plan_id: 3, game_id: 7 }, { onLive: (l) => lives.push(l), onEvent: (e) => events.push(e) });
    await expect.poll(() => lives).toEqual([true, false]);
    stop();
    expect(events).toEqual(['heart', 'bets']);
    expect(api.asked[0]!.url).toMatch(/^\/api\/Lottery\/stream\?plan_id=3&game_id=7&lang=en/);
    expect(api.asked[0]!.headers).toMatchObject({ token: 'tok', accept: 'text/event-stream' });
  });

  it('reconnects when a closing node says so (the SSE retry hint), not after the usual back-off', async () => {
    const api = streamingFetch([`event: heart\ndata: ${JSON.stringify(heart)}\n\n`, 'retry: 20\n\n']);
    configureApiClient({ fetch: api.fetch });
    const stop = runHeartStream({}, { onLive: () => {}, onEvent: () => {} });
    // STREAM_RETRY_MS (5 s) would be the wait without the hint.
    await expect.poll(() => api.asked.length, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
    stop();
  });

  it('after a hint, a reconnection that fails is tried again within about a second, not after 5 s', async () => {
    const first = streamingFetch([`event: heart\ndata: ${JSON.stringify(heart)}\n\n`, 'retry: 10\n\n']);
    let asked = 0;
    configureApiClient({
      fetch: async (input, init) => {
        asked++;
        if (asked === 1) return first.fetch(input as RequestInfo, init);
        throw new TypeError('the node is gone');
      },
    });
    const stop = runHeartStream({}, { onLive: () => {}, onEvent: () => {} });
    await expect.poll(() => asked, { timeout: 2500 }).toBeGreaterThanOrEqual(3);
    stop();
  });

  it('follows the Retry-After of a full node (503): tries again after that delay, not at once nor after the 5 s back-off', async () => {
    const full = streamingFetch(['{"code":0}'], 503, 'application/json', { 'retry-after': '2' });
    const live = streamingFetch([`event: heart\ndata: ${JSON.stringify(heart)}\n\n`]);
    const at: number[] = [];
    configureApiClient({
      fetch: async (input, init) => {
        at.push(Date.now());
        return (at.length === 1 ? full : live).fetch(input as RequestInfo, init);
      },
    });
    const lives: boolean[] = [];
    const stop = runHeartStream({}, { onLive: (l) => lives.push(l), onEvent: () => {} });
    await expect.poll(() => lives.length, { timeout: 4000 }).toBeGreaterThanOrEqual(1);
    stop();
    expect(lives[0]).toBe(true);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1900);
    expect(at[1]! - at[0]!).toBeLessThan(4000);
  });

  it('never reports live when the stream is refused (the screen keeps polling)', async () => {
    const api = streamingFetch(['{"code":0}'], 200, 'application/json');
    configureApiClient({ fetch: api.fetch });
    const lives: boolean[] = [];
    const stop = runHeartStream({}, { onLive: (l) => lives.push(l), onEvent: () => {} });
    await expect.poll(() => api.asked.length).toBe(1);
    stop();
    expect(lives).toEqual([]);
  });
});

describe('applyRoomEvent', () => {
  it('replaces on heart, appends bets within the 50-bet window with the round and counter, updates presence', () => {
    const full = { ...heart, message: Array.from({ length: 50 }, (_, i) => entry(i)) } as unknown as RoomHeart;
    const issue = { ...heart.issue, openTime: 80 };
    const after = applyRoomEvent(full, 'bets', { issue, order_count: 51, message: [entry(50)] })!;
    expect(after.message).toHaveLength(50);
    expect(after.message[49]!.quantity).toBe('50.00');
    expect(after.order_count).toBe(51);
    expect(after.issue.openTime).toBe(80);
    expect(after.user_quantity).toBe('5.00');
    expect(applyRoomEvent(after, 'bets', { issue, order_count: 52, message: [], user_quantity: '1.00' })!.user_quantity).toBe('1.00');
    expect(applyRoomEvent(after, 'presence', { robot_num: 4 })!.robot_num).toBe(4);
    expect(applyRoomEvent(undefined, 'bets', { issue, order_count: 1, message: [] })).toBeUndefined();
    expect(applyRoomEvent(after, 'heart', heart)).toBe(heart);
  });
});
