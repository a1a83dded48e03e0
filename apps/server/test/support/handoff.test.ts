import { api } from '@lucky28/shared/api';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { translate } from '@lucky28/shared';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { supportHandoffs, users } from '../../src/db/schema.js';
import { HANDOFF_TTL_MS } from '../../src/domain/support/handoff.js';
import { createTestApp, registerUser, callApi, rawCall } from '../helpers.js';

const CHAT_URL = 'https://chat.example.test/widget?site=lucky28';
const KEY = 'k3y-of-the-chat-system-0123456789';
const T0 = Date.UTC(2026, 5, 1, 2, 0, 0);

const INVALID = translate('en', 'err.support_code_invalid');

/** The chat system: server to server, with its key. */
const redeem = (app: FastifyInstance, code: unknown, opts: { key?: string | null; ip?: string; lang?: string } = {}) =>
  rawCall(app, api.support.redeem, code === undefined ? {} : { code }, {
    // A 429 is answered before the body is read: the language then comes from Accept-Language.
    headers: { 'accept-language': opts.lang ?? 'en', ...(opts.key === null ? {} : { 'x-support-key': opts.key ?? KEY }) },
    ip: opts.ip ?? '10.77.0.1',
    lang: opts.lang,
  });

const codeOf = (url: string) => new URL(url).searchParams.get('code')!;

describe('customer service when no chat is configured', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('tells the app to hide the button', async () => {
    const res = await callApi(app, api.support.config, {});
    expect(res.code).toBe(1);
    expect(res.data).toEqual({ enabled: false, url: null });
  });

  it('refuses a hand-off with a localised message and writes nothing', async () => {
    const { token } = await registerUser(app);
    const en = await callApi(app, api.support.handoff, {}, { token });
    expect(en).toMatchObject({ code: 0, data: null, msg: 'Customer service chat is not available at the moment' });
    const tw = await callApi(app, api.support.handoff, {}, { token, lang: 'tw' });
    expect(tw.msg).toBe(translate('tw', 'err.support_unavailable'));
    expect(tw.msg).not.toBe(en.msg);
    expect(await app.db.select().from(supportHandoffs)).toHaveLength(0);
  });

  it('accepts no key at all for redemption', async () => {
    const res = await redeem(app, 'x'.repeat(43), { key: 'anything-at-all-0123456789' });
    expect(res.status).toBe(403);
    expect(res.code).toBe(403);
    expect(res.data).toBeNull();
  });
});

describe('customer service hand-off', () => {
  const clock = new ManualClock(T0);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ clock, config: { supportChatUrl: CHAT_URL, supportApiKey: KEY } });
  });

  it('tells the app to show the button, publicly', async () => {
    const res = await callApi(app, api.support.config, {});
    expect(res.code).toBe(1);
    expect(res.data).toEqual({ enabled: true, url: CHAT_URL });
  });

  it('needs a logged-in player to hand off', async () => {
    const res = await callApi(app, api.support.handoff, {});
    expect(res.status).toBe(401);
    expect(res.code).toBe(401);
  });

  it('hands off with a single-use code, never the session token, and the chat system learns who it is', async () => {
    const player = await registerUser(app);
    await app.db.update(users).set({ nickname: 'Lucky Lee' }).where(eq(users.id, player.userId));

    const res = await callApi(app, api.support.handoff, {}, { token: player.token });
    expect(res.code).toBe(1);
    const url = new URL(res.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://chat.example.test/widget');
    expect(url.searchParams.get('site')).toBe('lucky28');
    expect([...url.searchParams.keys()].sort()).toEqual(['code', 'site']);
    const code = codeOf(res.data.url);
    expect(code).toMatch(/^[\w-]{43}$/); // 32 random bytes, base64url
    expect(res.data.url).not.toContain(player.token);
    expect(res.data.url).not.toContain(encodeURIComponent(player.token));
    expect(code).not.toBe(player.token);

    // Stored hashed, with its owner and a 60 s lifetime.
    const rows = await app.db.select().from(supportHandoffs).where(eq(supportHandoffs.userId, player.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(60_000);

    const first = await redeem(app, code);
    expect(first.code).toBe(1);
    expect(first.data).toEqual({ user_id: player.userId, username: player.username, nickname: 'Lucky Lee', group_id: 1 });

    // Single use: the second redemption learns nothing.
    const second = await redeem(app, code);
    expect(second).toMatchObject({ code: 0, data: null, msg: INVALID });
  });

  it('gives a fresh code on every hand-off', async () => {
    const { token } = await registerUser(app);
    const a = codeOf((await callApi(app, api.support.handoff, {}, { token })).data.url);
    const b = codeOf((await callApi(app, api.support.handoff, {}, { token })).data.url);
    expect(a).not.toBe(b);
    expect((await redeem(app, b)).code).toBe(1);
    expect((await redeem(app, a)).code).toBe(1);
  });

  it('expires a code after 60 s', async () => {
    const { token } = await registerUser(app);
    const early = codeOf((await callApi(app, api.support.handoff, {}, { token })).data.url);
    const late = codeOf((await callApi(app, api.support.handoff, {}, { token })).data.url);
    clock.advance(HANDOFF_TTL_MS - 1000);
    expect((await redeem(app, early)).code).toBe(1);
    clock.advance(1000);
    const expired = await redeem(app, late);
    expect(expired).toMatchObject({ code: 0, data: null, msg: INVALID });
    // Still refused later, and a new hand-off sweeps the user's dead codes.
    clock.advance(60_000);
    expect((await redeem(app, late)).code).toBe(0);
    await callApi(app, api.support.handoff, {}, { token });
    const { userId } = (await app.db.select({ userId: users.id }).from(users).orderBy(users.id)).at(-1)!;
    const left = await app.db.select().from(supportHandoffs).where(eq(supportHandoffs.userId, userId));
    expect(left).toHaveLength(1);
    expect(left[0]!.usedAt).toBeNull();
  });

  it('refuses a wrong or missing key without spending the code or saying anything about it', async () => {
    const { token } = await registerUser(app);
    const code = codeOf((await callApi(app, api.support.handoff, {}, { token })).data.url);
    for (const key of ['wrong-key-of-the-chat-system-01', KEY.slice(0, -1), `${KEY}x`, null]) {
      const res = await redeem(app, code, { key, ip: '10.77.1.1' });
      expect(res.status).toBe(403);
      expect(res).toMatchObject({ code: 403, data: null, msg: translate('en', 'err.forbidden') });
    }
    // The same answer whether the code exists or not.
    const unknownWithWrongKey = await redeem(app, 'A'.repeat(43), { key: 'wrong-key-of-the-chat-system-01', ip: '10.77.1.2' });
    expect(unknownWithWrongKey).toMatchObject({ status: 403, code: 403, data: null });
    // The right key still redeems it.
    expect((await redeem(app, code)).code).toBe(1);
  });

  it('answers an unknown, malformed or missing code exactly like a spent one, localised', async () => {
    for (const code of ['A'.repeat(43), 'short', '', undefined]) {
      const res = await redeem(app, code);
      expect(res).toMatchObject({ code: 0, data: null, msg: INVALID });
    }
    const zh = await redeem(app, 'A'.repeat(43), { lang: 'zh' });
    expect(zh.msg).toBe(translate('zh', 'err.support_code_invalid'));
    expect(zh.msg).not.toBe(INVALID);
  });

  it('lets guests reach customer service too, telling the chat system they are guests', async () => {
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.77.2.1' });
    expect(guest.code).toBe(1);
    const res = await callApi(app, api.support.handoff, {}, { token: guest.data.userinfo.token });
    expect(res.code).toBe(1);
    const identity = await redeem(app, codeOf(res.data.url));
    expect(identity.code).toBe(1);
    expect(identity.data).toMatchObject({ user_id: guest.data.userinfo.user_id, group_id: 2 });
  });

  it('gives nothing for the code of an account disabled since', async () => {
    const player = await registerUser(app);
    const code = codeOf((await callApi(app, api.support.handoff, {}, { token: player.token })).data.url);
    await app.db.update(users).set({ disabled: true }).where(eq(users.id, player.userId));
    expect(await redeem(app, code)).toMatchObject({ code: 0, data: null, msg: INVALID });
  });

  it('redeems a code once even when the chat system asks twice at the same moment', async () => {
    const { token } = await registerUser(app);
    const code = codeOf((await callApi(app, api.support.handoff, {}, { token })).data.url);
    const answers = await Promise.all([redeem(app, code), redeem(app, code), redeem(app, code)]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 0 && a.msg === INVALID)).toHaveLength(2);
  });

  it('rate-limits callers without the key per IP, while the chat system keeps being served', async () => {
    const ip = '10.77.9.9';
    for (let i = 0; i < 10; i++) expect((await redeem(app, 'A'.repeat(43), { key: 'guessing-the-key-0123456789', ip })).status).toBe(403);
    const limited = await redeem(app, 'A'.repeat(43), { key: 'guessing-the-key-0123456789', ip });
    expect(limited.status).toBe(429);
    expect(limited.msg).toBe(translate('en', 'err.rate_limited'));
    // The chat system, even from the same address, has its own bucket.
    const { token } = await registerUser(app);
    const code = codeOf((await callApi(app, api.support.handoff, {}, { token })).data.url);
    expect((await redeem(app, code, { ip })).code).toBe(1);
  });
});

describe('customer-service configuration', () => {
  it('reads SUPPORT_CHAT_URL and SUPPORT_API_KEY, unset meaning no chat', () => {
    expect(loadConfig({})).toMatchObject({ supportChatUrl: undefined, supportApiKey: undefined });
    expect(loadConfig({ SUPPORT_CHAT_URL: 'https://chat.example.test/c?x=1', SUPPORT_API_KEY: KEY })).toMatchObject({
      supportChatUrl: 'https://chat.example.test/c?x=1',
      supportApiKey: KEY,
    });
  });

  it('refuses to start with a chat URL that is not http(s) or a guessable key', () => {
    expect(() => loadConfig({ SUPPORT_CHAT_URL: 'javascript:alert(1)' })).toThrow(/SUPPORT_CHAT_URL/);
    expect(() => loadConfig({ SUPPORT_CHAT_URL: '/relative/chat' })).toThrow(/SUPPORT_CHAT_URL/);
    expect(() => loadConfig({ SUPPORT_API_KEY: 'short' })).toThrow(/SUPPORT_API_KEY/);
  });
});
