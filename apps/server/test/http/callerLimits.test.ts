import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, registerUser } from '../helpers.js';
import { createGameApp } from '../game/kit.js';
import { defaultCallerLimits, scaledCallerLimits, type CallerLimits } from '../../src/plugins/rateLimits.js';
import { loadConfig } from '../../src/config.js';

const OFF: CallerLimits = {
  inFlightPerSession: false,
  inFlightPerAddress: false,
  readsPerSession: false,
  readsPerAddress: false,
  connectionsPerAddress: false,
  streamsPerAddress: false,
};

const TOO_BUSY = 'Too many requests at once, please wait a moment and try again';
const RATE_LIMITED = 'Too many requests, please slow down and try again shortly';

let guestIp = 0;
async function guest(app: FastifyInstance): Promise<string> {
  const res = await call(app, '/api/user/guestLogin', {}, { ip: `10.31.${Math.floor(guestIp / 200)}.${(guestIp++ % 200) + 1}` });
  expect(res.code).toBe(1);
  return res.data.userinfo.token as string;
}

/** `n` copies of a call sent at once, with their status and `Retry-After`. */
async function burst(app: FastifyInstance, n: number, url: string, opts: { token?: string; ip?: string; method?: 'GET' | 'POST' }) {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (opts.token) headers.token = opts.token;
  const method = opts.method ?? 'POST';
  const answers = await Promise.all(
    Array.from({ length: n }, () =>
      app.inject({ method, url, ...(method === 'POST' ? { payload: { lang: 'en' } } : { query: { lang: 'en' } }), headers, remoteAddress: opts.ip ?? '10.30.0.1' }),
    ),
  );
  return answers.map((res) => ({ status: res.statusCode, retryAfter: res.headers['retry-after'], ...(res.json() as { code: number; msg: string }) }));
}

describe('calls in flight per caller', async () => {
  // The production defaults (8 per session, 64 per address).
  const app = await createTestApp({ callerLimits: defaultCallerLimits });

  it('one guest sending 50 parallel userInfo gets 429 beyond its cap at once, while another caller is answered', async () => {
    const [flooder, other] = [await guest(app), await guest(app)];
    const flood = burst(app, 50, '/api/user/userInfo', { token: flooder, ip: '10.30.0.1' });
    const meanwhile = await call(app, '/api/user/userInfo', {}, { token: other, ip: '10.30.0.2' });
    const answers = await flood;
    expect(meanwhile.code).toBe(1);
    const served = answers.filter((a) => a.code === 1);
    const refused = answers.filter((a) => a.status === 429);
    expect(served.length + refused.length).toBe(50);
    expect(served.length).toBeGreaterThanOrEqual(8);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r).toMatchObject({ code: 0, msg: TOO_BUSY, retryAfter: '1' });
    // Its places are free again once its calls are answered.
    expect((await call(app, '/api/user/userInfo', {}, { token: flooder, ip: '10.30.0.1' })).code).toBe(1);
  });

  it('callers without a session are counted by address', async () => {
    const answers = await burst(app, 100, '/api/index/articleList', { ip: '10.30.1.1', method: 'GET' });
    expect(answers.filter((a) => a.code === 1).length).toBeGreaterThanOrEqual(64);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status === 429)) expect(a.msg).toBe(TOO_BUSY);
    expect((await call(app, '/api/index/articleList', {}, { ip: '10.30.1.2' })).code).toBe(1);
  });

  it('a session spread over many addresses is still one caller', async () => {
    const token = await guest(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/user/userInfo', payload: { lang: 'en' }, headers: { token }, remoteAddress: `10.30.2.${i + 1}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
  });
});

/** `n` connections opened first (and accepted), then one request written on each at once: the statuses answered. */
async function socketBurst(app: FastifyInstance, n: number, request: string): Promise<number[]> {
  const port = (app.server.address() as net.AddressInfo).port;
  const open = () => new Promise<number>((resolve, reject) => app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))));
  const before = await open();
  const sockets = await Promise.all(
    Array.from({ length: n }, () => new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    })),
  );
  const answers = sockets.map(
    (socket) =>
      new Promise<number>((resolve) => {
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => {
          received += d;
          if (/\r\n\r\n.*\}$/s.test(received)) {
            resolve(Number(received.split(' ')[1]));
            socket.destroy();
          }
        });
      }),
  );
  while ((await open()) < before + n) await new Promise((r) => setTimeout(r, 20));
  for (const socket of sockets) socket.write(request);
  return Promise.all(answers);
}

describe('calls in flight over real connections, on either database', async () => {
  const app = await createTestApp({ callerLimits: defaultCallerLimits });
  await app.listen({ port: 0, host: '127.0.0.1' });

  it('50 parallel userInfo from one guest: 429 beyond its places, another guest answered', async () => {
    // Calls read in one turn of the event loop start on the next; on the embedded database each
    // runs start to end on the server's thread, and without that a burst never overlaps.
    const [flooder, other] = [await guest(app), await guest(app)];
    const userInfo = (token: string) =>
      `POST /api/user/userInfo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 13\r\ntoken: ${token}\r\n\r\n{"lang":"en"}`;
    const [flood, meanwhile] = await Promise.all([socketBurst(app, 50, userInfo(flooder)), socketBurst(app, 1, userInfo(other))]);
    expect(meanwhile).toEqual([200]);
    expect(flood.filter((s) => s === 200).length).toBeGreaterThanOrEqual(8);
    expect(flood.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(flood.every((s) => s === 200 || s === 429)).toBe(true);
  });
});

describe('read limits per session and per address', async () => {
  const { app } = await createGameApp({
    callerLimits: { ...OFF, readsPerSession: { max: 5, timeWindow: '1 minute' }, readsPerAddress: { max: 12, timeWindow: '1 minute' } },
  });

  it('refuses a session its sixth read in the window, a second session from the address until the address has its twelve', async () => {
    const ip = '10.32.0.1';
    const [a, b] = [await guest(app), await guest(app)];
    for (let i = 0; i < 5; i++) expect((await call(app, '/api/user/userInfo', {}, { token: a, ip })).code).toBe(1);
    const over = await app.inject({ method: 'POST', url: '/api/user/userInfo', payload: { lang: 'en' }, headers: { token: a }, remoteAddress: ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 0, msg: RATE_LIMITED });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another session from the same address: its own five, then the address's twelve are spent
    // (a's five and b's five, and two calls without a session).
    for (let i = 0; i < 5; i++) expect((await call(app, '/api/user/userInfo', {}, { token: b, ip })).code).toBe(1);
    for (let i = 0; i < 2; i++) expect((await call(app, '/api/index/articleList', {}, { ip })).code).toBe(1);
    const spent = await call(app, '/api/index/articleList', {}, { ip });
    expect(spent.status).toBe(429);
    expect(spent.msg).toBe(RATE_LIMITED);
    // Another address is not concerned.
    expect((await call(app, '/api/index/articleList', {}, { ip: '10.32.0.2' })).code).toBe(1);
  });

  it('counts neither calls with a limit of their own nor those served from memory', async () => {
    const ip = '10.32.1.1';
    const member = await registerUser(app);
    for (let i = 0; i < 5; i++) expect((await call(app, '/api/user/userInfo', {}, { token: member.token, ip })).code).toBe(1);
    expect((await call(app, '/api/user/userInfo', {}, { token: member.token, ip })).status).toBe(429);
    // Sign-in has its own limit: not a read.
    const login = await call(app, '/api/user/login', { account: member.username, password: member.password }, { ip });
    expect(login.code).toBe(1);
    // The heart is answered from memory, for a guest and for a session alike.
    for (let i = 0; i < 20; i++) {
      expect((await call(app, '/api/Lottery/heart', { game_id: 7 }, { ip })).code).toBe(1);
      expect((await call(app, '/api/Lottery/heart', { game_id: 7 }, { token: member.token, ip })).code).toBe(1);
    }
  });
});

describe('a caller over its read rate', async () => {
  const app = await createTestApp({ callerLimits: { ...OFF, inFlightPerSession: 1, readsPerSession: { max: 1, timeWindow: '1 minute' } } });

  it('waits for its refusal without holding its place in flight', async () => {
    const token = await guest(app);
    expect((await call(app, '/api/user/userInfo', {}, { token })).code).toBe(1);
    // Over the rate, the first gives its one place back before it waits for its refusal (a second),
    // so a second call sent meanwhile is refused for its rate too, not for having a call in flight.
    const first = burst(app, 1, '/api/user/userInfo', { token });
    await new Promise((r) => setTimeout(r, 300));
    const second = await burst(app, 1, '/api/user/userInfo', { token });
    expect([...(await first), ...second].map((a) => [a.status, a.msg])).toEqual([
      [429, RATE_LIMITED],
      [429, RATE_LIMITED],
    ]);
  });
});

describe('RATE_LIMIT_FACTOR', () => {
  it('scales the caller limits as it scales the others', () => {
    expect(scaledCallerLimits(loadConfig({}).rateLimitFactor)).toBe(defaultCallerLimits);
    const scaled = scaledCallerLimits(20);
    expect(scaled.inFlightPerAddress).toBe((defaultCallerLimits.inFlightPerAddress as number) * 20);
    expect(scaled.streamsPerAddress).toBe((defaultCallerLimits.streamsPerAddress as number) * 20);
    expect(scaled.readsPerAddress && scaled.readsPerAddress.max).toBe(defaultCallerLimits.readsPerAddress && defaultCallerLimits.readsPerAddress.max * 20);
  });
});
