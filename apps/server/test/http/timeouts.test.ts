import { api } from '@lucky28/shared/api';
import net from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createGameApp } from '../game/kit.js';

/**
 * The server's timeouts over real sockets (http/timeouts.ts), shortened: headers within 400 ms, a
 * whole request within 1.5 s, no stall longer than 500 ms, idle keep-alive connections kept 300 ms.
 */
const TIMEOUTS = { headers: 400, request: 1500, idle: 500, keepAlive: 300, checkEvery: 100 };
/** Far beyond every timeout above: a socket still open then was never going to be closed. */
const NEVER_MS = 6000;

const log = { lines: [] as string[] };
const logStream = new Writable({
  write(chunk, _enc, done) {
    log.lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const { app } = await createGameApp({ timeouts: TIMEOUTS, logStream, config: { logLevel: 'warn' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as net.AddressInfo).port;

interface RawExchange {
  /** Everything the server wrote. */
  received: string;
  /** Whether the server closed the connection before the test gave up on it. */
  closed: boolean;
  /** ms from the last byte sent to the close. */
  closedAfterMs: number;
}

/**
 * Opens a raw connection, sends `parts` (a number waits that many ms), then waits up to `waitMs` for
 * the server to close it.
 */
function rawExchange(parts: (string | number)[], waitMs = NEVER_MS, to = port): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1');
    let received = '';
    let lastSent = Date.now();
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ received, closed: false, closedAfterMs: Date.now() - lastSent });
    }, waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    socket.on('error', () => {}); // a reset after the answer is a close too
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ received, closed: true, closedAfterMs: Date.now() - lastSent });
    });
    socket.on('connect', async () => {
      try {
        for (const part of parts) {
          if (typeof part === 'number') await new Promise((r) => setTimeout(r, part));
          else if (!socket.destroyed) {
            socket.write(part);
            lastSent = Date.now();
          }
        }
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** The status and envelope of a raw HTTP answer. */
function answerOf(raw: string): { status: number; headers: string; body: Record<string, unknown> } {
  const [head, body] = raw.split('\r\n\r\n', 2) as [string, string];
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

/** An ordinary call from another client, over its own connection. */
async function otherClientCall() {
  const res = await fetch(`http://127.0.0.1:${port}/api/Lottery/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"lang":"en"}',
  });
  return { status: res.status, body: (await res.json()) as { code: number } };
}

const head = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nAccept-Language: en\r\n${extra}\r\n`;

describe('a request that stalls', () => {
  it('sends half its body and goes silent: answered 408 in its language and closed within the idle timeout, others answered meanwhile', async () => {
    const body = JSON.stringify({ account: 'someone', password: 'x'.repeat(980) }).slice(0, 500);
    const stalled = rawExchange([head(`${api.user.login.path}?lang=en`, 1000), body]);
    const meanwhile = await otherClientCall();
    expect(meanwhile).toMatchObject({ status: 200, body: { code: 1 } });
    const res = await stalled;
    expect(res.closed).toBe(true);
    const answer = answerOf(res.received);
    expect(answer.status).toBe(408);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toMatchObject({ code: 0, data: null, msg: 'The request took too long to arrive, please try again' });
    expect(res.closedAfterMs).toBeLessThan(NEVER_MS);
    // The server still answers afterwards.
    expect((await otherClientCall()).status).toBe(200);
  });

  it('the same for a guest heart poll, which the shortcut reads before Fastify', async () => {
    const res = await rawExchange([head(api.lottery.heart.path, 200, 'Accept-Language: vi\r\n').replace('Accept-Language: en\r\n', ''), '{"game_id":7,']);
    expect(res.closed).toBe(true);
    const answer = answerOf(res.received);
    expect(answer.status).toBe(408);
    expect(answer.body.msg).toBe('Yêu cầu gửi đến quá chậm, vui lòng thử lại');
  });

  it('drips its body a byte at a time, never idle: answered 408 at the request deadline', async () => {
    const drip: (string | number)[] = [head(api.user.login.path, 100)];
    for (let i = 0; i < 30; i++) drip.push('{', 200);
    const started = Date.now();
    const res = await rawExchange(drip);
    expect(res.closed).toBe(true);
    expect(answerOf(res.received)).toMatchObject({ status: 408, body: { code: 0, msg: 'The request took too long to arrive, please try again' } });
    // Not the idle timeout: bytes kept coming for longer than it.
    expect(Date.now() - started).toBeGreaterThan(TIMEOUTS.idle);
  });

  it('stops in the middle of its headers: answered 408 (default language) and closed', async () => {
    const res = await rawExchange(['GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Lang']);
    expect(res.closed).toBe(true);
    const answer = answerOf(res.received);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ code: 0, data: null, msg: '請求傳送逾時，請重試' });
  });

  it('stops in the middle of its headers on a node so busy that the idle timer comes first: the same 408', async () => {
    // The headers deadline is checked only every `checkEvery`; here it cannot come before the idle timer.
    const busy = await createGameApp({ timeouts: { ...TIMEOUTS, headers: 3000, request: 4000, idle: 300 }, config: { logLevel: 'warn' } });
    try {
      await busy.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await rawExchange(['GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Lang'], NEVER_MS, (busy.app.server.address() as net.AddressInfo).port);
      expect(res.closed).toBe(true);
      expect(res.closedAfterMs).toBeLessThan(3000);
      const answer = answerOf(res.received);
      expect(answer.status).toBe(408);
      expect(answer.body).toMatchObject({ code: 0, data: null, msg: '請求傳送逾時，請重試' });
    } finally {
      await busy.app.close();
    }
  });

  it('connects and sends nothing: closed', async () => {
    const res = await rawExchange([]);
    expect(res.closed).toBe(true);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout, once its answer is out', async () => {
    const res = await rawExchange(['GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n']);
    expect(res.closed).toBe(true);
    expect(res.received).toMatch(/^HTTP\/1.1 200/);
    expect(res.received).toContain('"status":"ok"');
  });

  it('logs no warning or error for any of them', () => {
    expect(log.lines.filter((l) => /"level":(40|50|60)/.test(l))).toEqual([]);
  });
});

describe('what no timeout cuts', () => {
  it('a live event stream stays open past every timeout', async () => {
    const pastEveryTimeout = TIMEOUTS.headers + TIMEOUTS.request + TIMEOUTS.idle + 1000;
    const res = await rawExchange(['GET /api/Lottery/stream?game_id=7 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n'], pastEveryTimeout);
    // Still open when the test gave up on it, with the stream's first frames read.
    expect(res.closed).toBe(false);
    expect(res.received).toMatch(/^HTTP\/1.1 200/);
    expect(res.received).toContain('event: heart');
  });
});
