import { api, type CallRef } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import Fastify, { type InjectOptions } from 'fastify';
import { z } from 'zod';
import { LEGACY_USERNAME_MAX, noInput, okEnvelope } from '@lucky28/shared';
import { registerUser, callApi } from '../helpers.js';
import { createGameApp, currentIssue, fundedUser, roomOf } from '../game/kit.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { envelopePlugin } from '../../src/plugins/envelope.js';
import { validationPlugin } from '../../src/plugins/validation.js';
import { asGuard } from '../../src/http/guards.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { answers } from '../../src/http/answers.js';

const { app } = await createGameApp();
const member = await registerUser(app);
const admin = await operatorWithRole(app, 'finance');
const plan = await roomOf(app, 7, 0);

/** A refusal as docs/design.md#the-api-contract wants it: the envelope, code 0, a localised message, the field named. */
function expectRefusal(res: { status: number; body: string }, field: string | undefined, status = 200) {
  expect(res.status, res.body).toBe(status);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ code: 0, data: null });
  expect(typeof body.msg).toBe('string');
  expect(body.msg).not.toMatch(/FST_|err\./);
  expect(Object.keys(body)).not.toContain('statusCode');
  if (field) expect(body.field).toBe(field);
  return body;
}

const inject = async (opts: InjectOptions) => {
  const res = await app.inject(opts);
  return { status: res.statusCode, body: res.body };
};
/** A call of the contract with a body it does not type (hostile, malformed), answered as it is sent. */
const post = (ref: CallRef, payload: unknown, headers: Record<string, string> = {}) =>
  inject({ method: ref.method, url: ref.path, payload: payload as Record<string, unknown>, headers: { 'accept-language': 'en', ...headers } });

describe('input that used to answer HTTP 500', () => {
  it('refuses a NUL or control character in any text field, naming the field', async () => {
    const t = { token: member.token };
    expectRefusal(await post(api.user.login, { account: 'ab\u0000cd', password: 'whatever-1' }), 'account');
    expectRefusal(await post(api.user.register, { username: 'ab\u0000cd', password: 'whatever-1' }), 'username');
    expectRefusal(await post(api.user.profile, { nickname: 'a\u0000' }, t), 'nickname');
    expectRefusal(await post(api.user.setPayInfo, { type: 0, acc: 'Li\u0000Si', acc_name: '6222020200114455', acc_bank: 'CCB' }, t), 'acc');
    expectRefusal(await post(api.user.setPayInfo, { type: 0, acc: 'Li Si', acc_name: '6222020200114455', acc_bank: 'C\u0000CB' }, t), 'acc_bank');
    expectRefusal(await post(api.user.setPayInfo, { type: 0, acc: 'Li Si', acc_name: '6222020200114455', acc_bank: 'CCB', mark: 'x\u0000' }, t), 'mark');
    expectRefusal(await post(api.wallet.shiming, { truename: 'a\u0000', idcard: '1', idcard_zheng: 'a', idcard_fan: 'b' }, t), 'truename');
    // Found by the fuzz suite: a wallet type longer than any known one made the address check throw.
    expectRefusal(await post(api.user.setPayInfo, { type: 1, acc: 'usdt', acc_name: 'a'.repeat(40) }, t), 'acc_name');
    expectRefusal(await post(api.user.setPayInfo, { type: 1, acc: 'usdt', acc_name: 'constructor' }, t), 'acc_name');
  });

  it('refuses integers beyond their column and arrays where a number is meant', async () => {
    expectRefusal(await post(api.user.register, { username: 'inviter01', password: 'password-1', inviter_id: 2147483648 }), 'inviter_id');
    expectRefusal(await post(api.user.register, { username: 'inviter01', password: 'password-1', inviter_id: '2147483648' }), 'inviter_id');
    expectRefusal(await post(api.admin.depositApprove, { id: 1e300 }, { token: admin }), 'id');
    expectRefusal(await post(api.admin.depositApprove, { id: [1] }, { token: admin }), 'id');
    expectRefusal(await inject({ method: 'POST', url: '/api/Lottery/oddsList?plan_id=1&plan_id=2' }), 'plan_id');
    expectRefusal(await inject({ method: 'GET', url: '/api/fair/round?game_id=999999999&issue=20250601001' }), 'game_id');
    expectRefusal(await inject({ method: 'GET', url: '/api/fair/chain?game_id=99999999999' }), 'game_id');
    expectRefusal(await post(api.lottery.heart, { game_id: 40000 }), 'game_id');
    // Found by the fuzz suite: the article id reached the integer column unchecked.
    expectRefusal(await post(api.content.articleView, { id: 1e300 }), 'id');
    expectRefusal(
      await inject({
        method: 'POST',
        url: api.content.articleView.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id=9007199254740992',
      }),
      'id',
    );
    expectRefusal(await post(api.content.articleView, { id: [1] }), 'id');
  });

  it('refuses a 6,000-character login account and a 100 kB note without touching the database', async () => {
    // Beyond what the route's fields can take: refused before the body is read.
    expectRefusal(await post(api.user.login, { account: 'a'.repeat(6000), password: 'whatever-1' }), 'body', 413);
    // Within the body limit but beyond the field's own.
    expectRefusal(await post(api.user.login, { account: 'a'.repeat(LEGACY_USERNAME_MAX + 1), password: 'whatever-1' }), 'account');
    const big = expectRefusal(
      await post(
        api.user.setPayInfo,
        { type: 0, acc: 'Li Si', acc_name: '6222020200114455', acc_bank: 'CCB', mark: 'x'.repeat(100_000) },
        { token: member.token },
      ),
      'body',
      413,
    );
    expect(big.msg).toBe('The request is too large');
    expectRefusal(
      await post(api.user.setPayInfo, { type: 0, acc: 'Li Si', acc_name: '6222020200114455', acc_bank: 'CCB', mark: 'x'.repeat(101) }, { token: member.token }),
      'mark',
    );
  });

  it('refuses multipart without a boundary or without its closing boundary', async () => {
    const headers = { token: member.token, 'accept-language': 'en' };
    const noBoundary = await inject({
      method: 'POST',
      url: api.common.upload.path,
      headers: { ...headers, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expectRefusal(noBoundary, 'file');
    const unclosed = await inject({
      method: 'POST',
      url: api.common.upload.path,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload:
        '--XyZ\r\nContent-Disposition: form-data; name="type"\r\n\r\nidcard\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expectRefusal(unclosed, 'file');
  });

  it('answers malformed URLs and overlong path names in the envelope, never a raw FST_ERR body', async () => {
    const bad = expectRefusal(await inject({ method: 'GET', url: '/api/common/file/%E0%A4%A', headers: { token: member.token } }), 'url', 400);
    expect(bad.code).toBe(0);
    expectRefusal(await inject({ method: 'GET', url: `/api/common/file/${'a'.repeat(200)}`, headers: { token: member.token } }), 'url', 414);
    expectRefusal(await inject({ method: 'GET', url: `/api/common/file/${'a'.repeat(40)}`, headers: { token: member.token } }), 'name', 404);
    expectRefusal(await inject({ method: 'GET', url: '/api/no/such/call' }), undefined, 404);
  });

  it('answers an unreadable body, a wrong content type and a non-object body in the envelope', async () => {
    expectRefusal(
      await inject({ method: 'POST', url: api.user.login.path, headers: { 'content-type': 'application/json' }, payload: '{"account":' }),
      'body',
      400,
    );
    expectRefusal(await inject({ method: 'POST', url: api.user.login.path, headers: { 'content-type': 'text/xml' }, payload: '<a/>' }), 'body', 415);
    expectRefusal(await inject({ method: 'POST', url: api.user.login.path, headers: { 'content-type': 'application/json' }, payload: '[1,2]' }), 'body');
    expectRefusal(
      await inject({ method: 'POST', url: api.user.login.path, headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"a":1}}' }),
      'body',
      400,
    );
  });

  it('reads parameters from the query string, a form or JSON alike (the body wins)', async () => {
    const fromQuery = await inject({ method: 'POST', url: '/api/Lottery/oddsList?plan_id=' + plan });
    expect(JSON.parse(fromQuery.body).data.plan_id).toBe(plan);
    const form = await inject({
      method: 'POST',
      url: '/api/Lottery/oddsList?plan_id=999',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `plan_id=${plan}`,
    });
    expect(JSON.parse(form.body).data.plan_id).toBe(plan);
  });

  it('checks who is calling before what is sent: a guest gets 401, not a field error', async () => {
    const res = await post(api.user.setPayInfo, { type: 'x'.repeat(10) });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).code).toBe(401);
  });
});

describe('no request stalls the server', () => {
  it('caps each body at what its route can need', async () => {
    const limits = new Map(app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.bodyLimit]));
    const route = (c: CallRef) => `${c.method} ${c.path}`;
    // A slip in the list form may hold every class, each with its own stake (up to 20 characters each).
    expect(limits.get(route(api.lottery.playOrder))).toBeLessThan(16 * 1024);
    expect(limits.get(route(api.user.login))).toBeLessThanOrEqual(4096);
    expect(limits.get(route(api.user.userInfo))).toBe(1024);
    // Larger by nature, sent by admins only: a room's whole odds table (one row per bet class), an article's HTML, an announcement
    // in four languages, a campaign's titles and terms in four languages, the chat's word and domain lists.
    const larger = new Map([
      [route(api.admin.roomUpdate), 32 * 1024],
      [route(api.admin.articleSave), 1024 * 1024],
      [route(api.admin.announcementSave), 64 * 1024],
      [route(api.campaigns.campaignSave), 32 * 1024],
      [route(api.admin.chatFilterUpdate), 64 * 1024],
    ]);
    for (const [route, limit] of limits) expect(limit, route).toBeLessThan(larger.get(route) ?? 16 * 1024);
  });

  it('refuses 100,000 class ids from a guest without reading them', async () => {
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.77.0.1' });
    const ids = Array.from({ length: 100_000 }, (_, i) => i).join(',');
    const res = await post(api.lottery.playOrder, { plan_id: plan, play_type: ids }, { token: guest.data.userinfo.token });
    expectRefusal(res, 'body', 413);
    const within = Array.from({ length: 60 }, (_, i) => i).join(',');
    expectRefusal(await post(api.lottery.playOrder, { plan_id: plan, play_type: within, money: '10', issue: '1' }, { token: member.token }), 'play_type');
  });

  it('limits bets per player, not per address', async () => {
    const [a, b] = [await fundedUser(app, 10_000_00), await fundedUser(app, 10_000_00)];
    const issue = await currentIssue(app);
    const bet = (token: string) => callApi(app, api.lottery.playOrder, { issue, plan_id: plan, play_type: '1', money: '10' }, { token });
    const first = await Promise.all(Array.from({ length: 30 }, () => bet(a.token)));
    expect(first.every((r) => r.code === 1)).toBe(true);
    const over = await bet(a.token);
    expect(over.status).toBe(429);
    expect(over.code).toBe(0);
    expect((await bet(b.token)).code).toBe(1);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });
});

describe('the validation mechanism', () => {
  it('refuses a route whose guard would run after its schema', async () => {
    const bare = Fastify();
    await bare.register(validationPlugin);
    const guard = asGuard('user', async () => {});
    expect(() => bare.post('/api/x', { preHandler: guard, schema: { body: noInput } }, async () => null)).toThrow(/preValidation/);
  });

  it('catches an answer that does not match its declared shape (tests run with checkAnswers)', async () => {
    const bare = Fastify();
    await bare.register(validationPlugin, { checkAnswers: true });
    await bare.register(envelopePlugin);
    bare.post('/api/good', { schema: { body: noInput, response: answers(z.object({ n: z.number() })) } }, async (_r, reply) => reply.ok({ n: 1 }));
    bare.post('/api/bad', { schema: { body: noInput, response: answers(z.object({ n: z.number() })) } }, async (_r, reply) => reply.ok({ n: 'one' }));
    await bare.ready();
    expect((await bare.inject({ method: 'POST', url: '/api/good', payload: {} })).statusCode).toBe(200);
    const original = console.error;
    console.error = () => {};
    try {
      expect((await bare.inject({ method: 'POST', url: '/api/bad', payload: {} })).statusCode).toBe(500);
    } finally {
      console.error = original;
    }
    expect(okEnvelope(z.null()).safeParse({ code: 1, msg: 'ok', time: 1, data: null }).success).toBe(true);
    await bare.close();
  });

  it('answers a refusal of the schema in the language of the request', async () => {
    const res = await inject({ method: 'POST', url: api.user.login.path, payload: { lang: 'zh', account: 'a\u0000' } });
    expect(JSON.parse(res.body).msg).toBe('用户名或密码错误');
  });
});
