import { api, type CallRef } from '@lucky28/shared/api';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, NO_CALLER_LIMITS, registerUser, usingPostgres, callApi } from '../helpers.js';
import { createGameApp } from '../game/kit.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { defaultCallerLimits, scaledCallerLimits } from '../../src/plugins/rateLimits.js';
import { loadConfig } from '../../src/config.js';

const OFF = NO_CALLER_LIMITS;

const TOO_BUSY = 'Too many requests at once, please wait a moment and try again';
const RATE_LIMITED = 'Too many requests, please slow down and try again shortly';

let guestIp = 0;
async function guest(app: FastifyInstance): Promise<string> {
  const res = await callApi(app, api.user.guestLogin, {}, { ip: `10.31.${Math.floor(guestIp / 200)}.${(guestIp++ % 200) + 1}` });
  expect(res.code).toBe(1);
  return res.data.userinfo.token as string;
}

/** `n` copies of a call sent at once, with their status and `Retry-After`. */
async function burst(app: FastifyInstance, n: number, ref: CallRef, opts: { token?: string; ip?: string }) {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (opts.token) headers.token = opts.token;
  const method = ref.method;
  const answers = await Promise.all(
    Array.from({ length: n }, () =>
      app.inject({
        method,
        url: ref.path,
        ...(method === 'POST' ? { payload: { lang: 'en' } } : { query: { lang: 'en' } }),
        headers,
        remoteAddress: opts.ip ?? '10.30.0.1',
      }),
    ),
  );
  return answers.map((res) => ({ status: res.statusCode, retryAfter: res.headers['retry-after'], ...(res.json() as { code: number; msg: string }) }));
}

describe('calls in flight per caller', async () => {
  // The production defaults (8 per session, 64 per address).
  const app = await createTestApp({ callerLimits: defaultCallerLimits });

  it('one guest sending 50 parallel userInfo gets 429 beyond its cap at once, while another caller is answered', async () => {
    const [flooder, other] = [await guest(app), await guest(app)];
    const flood = burst(app, 50, api.user.userInfo, { token: flooder, ip: '10.30.0.1' });
    const meanwhile = await callApi(app, api.user.userInfo, {}, { token: other, ip: '10.30.0.2' });
    const answers = await flood;
    expect(meanwhile.code).toBe(1);
    const served = answers.filter((a) => a.code === 1);
    const refused = answers.filter((a) => a.status === 429);
    expect(served.length + refused.length).toBe(50);
    expect(served.length).toBeGreaterThanOrEqual(8);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r).toMatchObject({ code: 0, msg: TOO_BUSY, retryAfter: '1' });
    // Its places are free again once its calls are answered.
    expect((await callApi(app, api.user.userInfo, {}, { token: flooder, ip: '10.30.0.1' })).code).toBe(1);
  });

  it('callers without a session are counted by address', async () => {
    const answers = await burst(app, 100, api.content.articleList, { ip: '10.30.1.1' });
    expect(answers.filter((a) => a.code === 1).length).toBeGreaterThanOrEqual(64);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status === 429)) expect(a.msg).toBe(TOO_BUSY);
    expect((await callApi(app, api.content.articleList, {}, { ip: '10.30.1.2' })).code).toBe(1);
  });

  it('a session spread over many addresses is still one caller', async () => {
    const token = await guest(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({ method: 'POST', url: api.user.userInfo.path, payload: { lang: 'en' }, headers: { token }, remoteAddress: `10.30.2.${i + 1}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
  });
});

/**
 * Opens one connection per request (and waits until the server has accepted them all), then writes
 * every request at once, in order: the answers' statuses in the order they arrive, with their label.
 */
async function socketBurst(app: FastifyInstance, requests: { label: string; text: string }[]): Promise<{ label: string; status: number }[]> {
  const port = (app.server.address() as net.AddressInfo).port;
  const open = () => new Promise<number>((resolve, reject) => app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))));
  const before = await open();
  const sockets = await Promise.all(
    requests.map(
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  const arrived: { label: string; status: number }[] = [];
  const answers = sockets.map(
    (socket, i) =>
      new Promise<void>((resolve) => {
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => {
          received += d;
          if (/\r\n\r\n.*\}$/s.test(received)) {
            arrived.push({ label: requests[i]!.label, status: Number(received.split(' ')[1]) });
            socket.destroy();
            resolve();
          }
        });
      }),
  );
  while ((await open()) < before + requests.length) await new Promise((r) => setTimeout(r, 20));
  sockets.forEach((socket, i) => socket.write(requests[i]!.text));
  await Promise.all(answers);
  return arrived;
}

describe('calls in flight over real connections, on either database', async () => {
  const app = await createTestApp({ callerLimits: defaultCallerLimits });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const userInfo = (token: string) =>
    `POST /api/user/userInfo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 13\r\ntoken: ${token}\r\n\r\n{"lang":"en"}`;

  it('50 parallel userInfo from one guest: 429 beyond its places at once, and another guest is not served after them', async () => {
    const [flooder, other] = [await guest(app), await guest(app)];
    const answers = await socketBurst(app, [
      ...Array.from({ length: 50 }, () => ({ label: 'flood', text: userInfo(flooder) })),
      { label: 'other', text: userInfo(other) },
    ]);
    const flood = answers.filter((a) => a.label === 'flood');
    expect(flood.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(8);
    expect(flood.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(flood.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    const otherAt = answers.findIndex((a) => a.label === 'other');
    expect(answers[otherAt]!.status).toBe(200);
    // On the embedded database, where a call runs start to end on the server's thread, the other
    // guest's call (read after the flood's) is answered after at most the flood's first: one call of
    // each caller per turn of the event loop, not the flooder's places' worth first. (On PostgreSQL
    // the calls run side by side and the database decides the order.)
    const floodServedBefore = answers.slice(0, otherAt).filter((a) => a.label === 'flood' && a.status === 200).length;
    if (!usingPostgres) expect(floodServedBefore).toBeLessThanOrEqual(1);
  });
});

describe('read limits per session and per address', async () => {
  const { app } = await createGameApp({
    callerLimits: { ...OFF, readsPerSession: { max: 5, timeWindow: '1 minute' }, readsPerAddress: { max: 12, timeWindow: '1 minute' } },
  });

  it('refuses a session its sixth read in the window, a second session from the address until the address has its twelve', async () => {
    const ip = '10.32.0.1';
    const [a, b] = [await guest(app), await guest(app)];
    for (let i = 0; i < 5; i++) expect((await callApi(app, api.user.userInfo, {}, { token: a, ip })).code).toBe(1);
    const over = await app.inject({ method: 'POST', url: api.user.userInfo.path, payload: { lang: 'en' }, headers: { token: a }, remoteAddress: ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 0, msg: RATE_LIMITED });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another session from the same address: its own five, then the address's twelve are spent
    // (a's five and b's five, and two calls without a session).
    for (let i = 0; i < 5; i++) expect((await callApi(app, api.user.userInfo, {}, { token: b, ip })).code).toBe(1);
    for (let i = 0; i < 2; i++) expect((await callApi(app, api.content.articleList, {}, { ip })).code).toBe(1);
    const spent = await callApi(app, api.content.articleList, {}, { ip });
    expect(spent.status).toBe(429);
    expect(spent.msg).toBe(RATE_LIMITED);
    // Another address is not concerned.
    expect((await callApi(app, api.content.articleList, {}, { ip: '10.32.0.2' })).code).toBe(1);
  });

  it("counts an operator's console calls per address, not per session (the console works through queues in bursts)", async () => {
    const operator = await operatorWithRole(app, 'finance');
    // Five addresses' worth of calls: far more than a session's five.
    for (let i = 0; i < 25; i++) {
      const res = await callApi(app, api.admin.depositList, { status: 0 }, { token: operator, ip: `10.32.2.${Math.floor(i / 5) + 1}` });
      expect([res.status, res.code]).toEqual([200, 1]);
    }
    // The address's twelve still hold.
    const ip = '10.32.2.9';
    for (let i = 0; i < 12; i++) expect((await callApi(app, api.admin.depositList, { status: 0 }, { token: operator, ip })).code).toBe(1);
    expect((await callApi(app, api.admin.depositList, { status: 0 }, { token: operator, ip })).status).toBe(429);
  });

  it('counts neither calls with a limit of their own nor those served from memory', async () => {
    const ip = '10.32.1.1';
    const member = await registerUser(app);
    for (let i = 0; i < 5; i++) expect((await callApi(app, api.user.userInfo, {}, { token: member.token, ip })).code).toBe(1);
    expect((await callApi(app, api.user.userInfo, {}, { token: member.token, ip })).status).toBe(429);
    // Sign-in has its own limit: not a read.
    const login = await callApi(app, api.user.login, { account: member.username, password: member.password }, { ip });
    expect(login.code).toBe(1);
    // The heart is answered from memory, for a guest and for a session alike.
    for (let i = 0; i < 20; i++) {
      expect((await callApi(app, api.lottery.heart, { game_id: 7 }, { ip })).code).toBe(1);
      expect((await callApi(app, api.lottery.heart, { game_id: 7 }, { token: member.token, ip })).code).toBe(1);
    }
  });
});

describe('a caller over its read rate', async () => {
  const app = await createTestApp({ callerLimits: { ...OFF, inFlightPerSession: 1, readsPerSession: { max: 1, timeWindow: '1 minute' } } });

  it('waits for its refusal without holding its place in flight', async () => {
    const token = await guest(app);
    expect((await callApi(app, api.user.userInfo, {}, { token })).code).toBe(1);
    // Over the rate, the first gives its one place back before it waits for its refusal (a second),
    // so a second call sent meanwhile is refused for its rate too, not for having a call in flight.
    const first = burst(app, 1, api.user.userInfo, { token });
    await new Promise((r) => setTimeout(r, 300));
    const second = await burst(app, 1, api.user.userInfo, { token });
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
