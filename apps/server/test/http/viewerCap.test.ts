/**
 * The per-node cap on live viewers (STREAM_MAX_VIEWERS, config.streamMaxViewers): on a real server
 * (app.inject cannot hold a stream), a node at its cap refuses one more stream with HTTP 503 and
 * Retry-After, in the viewer's language, and still answers the heart, bets and health checks; its
 * viewers keep getting pushes; a place freed is taken by exactly one of several viewers arriving together.
 */
import { api } from '@lucky28/shared/api';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultStreamMaxViewers } from '../../src/config.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { FULL_RETRY_AFTER_MIN_S } from '../../src/routes/lottery/stream.js';
import { callApi } from '../helpers.js';
import { createGameApp, fundedUser, roomOf } from '../game/kit.js';
import { openStream, type StreamReader } from '../game/streamClient.js';

const CAP = 3;
const { app, clock } = await createGameApp({ config: { streamMaxViewers: CAP } });
await app.game.init();
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const readers: StreamReader[] = [];
afterAll(() => {
  for (const r of readers) r.close();
});

const STREAM = api.lottery.stream.path;
async function viewer(query: string): Promise<StreamReader> {
  const reader = await openStream(`${base}${STREAM}${query}`, { 'accept-language': 'en' });
  readers.push(reader);
  return reader;
}
/** Accepted streams of `refusal`, cut by the caller once it has seen all it asked for. */
const toCut: AbortController[] = [];
/** A stream request: its status, Retry-After and envelope when refused; an accepted one is left open (toCut). */
async function refusal(query: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}${STREAM}${query}`, { headers: { accept: 'text/event-stream', 'accept-language': 'en' }, signal: controller.signal });
  const type = res.headers.get('content-type') ?? '';
  const body = type.startsWith('application/json') ? await res.json() : null;
  if (!body) toCut.push(controller);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body, stream: type.startsWith('text/event-stream') };
}

describe('a node at its cap of live viewers', () => {
  it('refuses one more with 503 and Retry-After, and still answers the heart, bets and health checks', async () => {
    const plan = await roomOf(app, 7, 0);
    await app.game.scheduler.tick();
    const issue = roundAt(clock.now(), app.game.settings).issue;
    const room = await viewer(`?plan_id=${plan}`);
    await room.next((e) => e.event === 'heart');
    for (const query of ['', '?game_id=7']) await (await viewer(query)).next((e) => e.event === 'heart');

    const refused = await refusal(`?plan_id=${plan}`);
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(FULL_RETRY_AFTER_MIN_S);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(FULL_RETRY_AFTER_MIN_S + 10);
    expect(refused.body).toMatchObject({ code: 0, data: null, msg: expect.stringContaining('as many live screens as it can') });
    // In the viewer's language.
    const zh = await fetch(`${base}${STREAM}?lang=zh-CN`, { headers: { accept: 'text/event-stream' } });
    expect(zh.status).toBe(503);
    expect(((await zh.json()) as { msg: string }).msg).toContain('实时连接已满');

    // The node still answers everything else, and its viewers still get their pushes.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const heart = await callApi(app, api.lottery.heart, { plan_id: plan, game_id: 7, lang: 'en' });
    expect(heart.code).toBe(1);
    const polled = await fetch(`${base}${api.lottery.heart.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan_id: plan }),
    });
    expect(polled.status).toBe(200);
    const alice = await fundedUser(app, 100_00);
    const bet = await fetch(`${base}/api/Lottery/playOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: alice.token },
      body: JSON.stringify({ issue, game_id: 7, plan_id: plan, play_type: '1', money: '15.55', lang: 'en' }),
    });
    const placed = (await bet.json()) as { code: number; msg: string };
    expect(placed.code).toBe(1);
    const pushed = await room.next((e) => e.event === 'bets');
    expect(pushed.data.message[0]).toMatchObject({ quantity: '15.55' });
  });

  it('gives a freed place to exactly one of the viewers arriving together', async () => {
    readers.shift()!.close();
    // The server sees the close shortly after; then five arrive at once for the one place.
    let tries = 0;
    for (;;) {
      const attempts = await Promise.all(Array.from({ length: 5 }, () => refusal('?game_id=7')));
      const accepted = attempts.filter((a) => a.stream).length;
      const full = attempts.filter((a) => a.status === 503).length;
      if (accepted === 0 && full === 5 && ++tries < 20) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      expect(accepted).toBe(1);
      expect(full).toBe(4);
      for (const c of toCut.splice(0)) c.abort();
      break;
    }
  });
});

describe('the default cap', () => {
  it('is 20,000, lowered to what the open-file limit leaves after a reserve for calls and the database', () => {
    expect(defaultStreamMaxViewers(undefined)).toBe(20_000);
    expect(defaultStreamMaxViewers(1_048_576)).toBe(20_000);
    expect(defaultStreamMaxViewers(20_000)).toBe(19_000);
    expect(defaultStreamMaxViewers(1024)).toBe(820);
  });
});
