/**
 * Input read strictly without breaking the spec's clients (issue 42 item 8), through the real API:
 * a confirmation sent empty is refused (left out, as the spec's payloads do, it is not needed); a bet
 * class given twice or with a leading zero is refused (one trailing comma is not); a nickname sent as
 * a number, an id with white space and a number written as `1e1` are refused, never converted; a
 * campaign's banner is a picture of this site; the two messages that named the wrong reason name the
 * right one. Every refusal is checked to change nothing.
 */
import { api, pathOf, type CallRef } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { registerUser, uniqueName, callApi, rawCall } from '../helpers.js';
import { balances, bet, currentIssue, fund, roomOf } from '../game/kit.js';
import { PNG, operatorWithRole, upload } from '../wallet/fixtures.js';
import { DAY_MS, createRewardsApp, names } from '../rewards/kit.js';

const LINE = 'https://line1.example.com';
const r = await createRewardsApp({ config: { apiLines: [LINE] } });
const { app } = r;
const plan = await roomOf(app, 7, 0);

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(app.db, query))[0]!.n);
const ordersOf = (userId: number) => count(sql`select count(*)::int as n from orders where user_id = ${userId}`);

/** A POST with this exact JSON text (what `call` cannot send: it writes the body with JSON.stringify). */
/** A call of the contract with its JSON body as written (number forms, duplicate keys). */
async function rawJson(ref: CallRef, json: string, token?: string) {
  const res = await app.inject({
    method: ref.method,
    url: ref.path,
    payload: json,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; field?: string; data: any }) };
}

describe('a password confirmation sent empty is refused; left out, it is not needed', () => {
  it('user/register', async () => {
    const users = () => count(sql`select count(*)::int as n from users`);
    const before = await users();
    for (const repassword of ['', '   ', null]) {
      const res = await rawCall(app, api.user.register, { username: uniqueName(), password: 'correct-horse-9', repassword });
      expect(res, JSON.stringify(repassword)).toMatchObject({ code: 0, msg: 'Please confirm password', field: 'repassword' });
    }
    expect(await users()).toBe(before);
    // The spec's payload: username, password, group_id, inviter_id — no confirmation.
    expect((await rawCall(app, api.user.register, { username: uniqueName(), password: 'correct-horse-9', group_id: 1 })).code).toBe(1);
    expect((await callApi(app, api.user.register, { username: uniqueName(), password: 'correct-horse-9', repassword: 'correct-horse-8' })).msg).toBe(
      'The two passwords are inconsistent',
    );
  });

  it('user/newPass', async () => {
    const u = await registerUser(app);
    const res = await callApi(app, api.user.newPass, { after_pass: u.password, new_pass: 'brand-new-pass', confirm_pass: '' }, { token: u.token });
    expect(res).toMatchObject({ code: 0, msg: 'Please confirm password', field: 'confirm_pass' });
    // Nothing changed: the old password still signs in, the session still works.
    expect((await callApi(app, api.user.login, { account: u.username, password: u.password })).code).toBe(1);
    expect((await callApi(app, api.user.userInfo, {}, { token: u.token })).code).toBe(1);
    // The spec's payload: new_pass and after_pass only.
    expect((await callApi(app, api.user.newPass, { after_pass: u.password, new_pass: 'brand-new-pass' }, { token: u.token })).code).toBe(1);
  });

  it('user/guestUpgrade', async () => {
    const guest = (await callApi(app, api.user.guestLogin, {}, { ip: '10.42.0.1' })).data.userinfo;
    const res = await callApi(app, api.user.guestUpgrade, { username: uniqueName(), password: 'correct-horse-9', repassword: '' }, { token: guest.token });
    expect(res).toMatchObject({ code: 0, msg: 'Please confirm password', field: 'repassword' });
    expect((await callApi(app, api.user.userInfo, {}, { token: guest.token })).data.group_id).toBe(2);
    expect((await callApi(app, api.user.guestUpgrade, { username: uniqueName(), password: 'correct-horse-9' }, { token: guest.token })).code).toBe(1);
  });
});

describe('bet classes: each once, as plain digits', () => {
  it('refuses a class given twice or with a leading zero, and places nothing', async () => {
    const u = await registerUser(app);
    await fund(app, u.userId, 100_000);
    for (const play_type of ['1,1', '3,1,3', [1, 1], [3, '3']]) {
      const res = await bet(app, u.token, { plan_id: plan, play_type, money: '10' });
      expect(res, JSON.stringify(play_type)).toMatchObject({ code: 0, msg: 'Each bet can be chosen only once in one order', field: 'play_type' });
    }
    for (const play_type of ['01', '1,03', ['01'], ' 1', '1, 3', ',1', '1,,3']) {
      const res = await bet(app, u.token, { plan_id: plan, play_type, money: '10' });
      expect(res, JSON.stringify(play_type)).toMatchObject({ code: 0, msg: 'This bet is not available in this room', field: 'play_type' });
    }
    expect(await ordersOf(u.userId)).toBe(0);
    expect(await balances(app, u.userId)).toEqual({ money: 100_000, score: 0 });
  });

  it('accepts one trailing comma, as a client that writes one after each selected class sends it', async () => {
    const u = await registerUser(app);
    await fund(app, u.userId, 100_000);
    expect((await bet(app, u.token, { plan_id: plan, play_type: '1,3,', money: '10' })).code).toBe(1);
    expect(await ordersOf(u.userId)).toBe(2);
  });
});

describe('values refused rather than converted', () => {
  it('a nickname sent as a number', async () => {
    const u = await registerUser(app);
    for (const nickname of [12345, 0]) {
      const res = await rawCall(app, api.user.profile, { nickname }, { token: u.token });
      expect(res, String(nickname)).toMatchObject({ code: 0, msg: 'A nickname must be sent as text, not as a number', field: 'nickname' });
    }
    expect((await callApi(app, api.user.userInfo, {}, { token: u.token })).data.nickname).toBe(u.username);
    // The same digits as text are a nickname like any other.
    expect((await callApi(app, api.user.profile, { nickname: '12345' }, { token: u.token })).code).toBe(1);
  });

  it('an id with white space, a sign or a leading zero', async () => {
    for (const plan_id of [` ${plan} `, `${plan} `, `+${plan}`, `0${plan}`]) {
      expect(await callApi(app, api.lottery.oddsList, { plan_id }), plan_id).toMatchObject({ code: 0, field: 'plan_id' });
    }
    const u = await registerUser(app);
    await fund(app, u.userId, 100_000);
    const res = await bet(app, u.token, { plan_id: ` ${plan}` as unknown as number, play_type: '1', money: '10' });
    expect(res).toMatchObject({ code: 0, field: 'plan_id' });
    expect(await ordersOf(u.userId)).toBe(0);
    expect((await callApi(app, api.lottery.oddsList, { plan_id: String(plan) })).code).toBe(1);
  });

  it('a stake written as 1e1 (JSON or text) is refused, not placed as 10; 10 and 10.50 as JSON numbers are placed', async () => {
    const u = await registerUser(app);
    await fund(app, u.userId, 100_000);
    const issue = await currentIssue(app);
    const order = (money: string, playType = 1) =>
      rawJson(api.lottery.playOrder, `{"lang":"en","plan_id":${plan},"game_id":7,"issue":"${issue}","play_type":"${playType}","money":${money}}`, u.token);
    for (const money of ['1e1', '1E1', '1e+1', '100e-1', '"1e1"']) {
      expect(await order(money), money).toMatchObject({ code: 0, msg: 'Please enter a valid bet amount', field: 'money' });
    }
    expect(await ordersOf(u.userId)).toBe(0);
    expect(await balances(app, u.userId)).toEqual({ money: 100_000, score: 0 });
    expect((await order('10')).code).toBe(1);
    expect((await order('10.5', 2)).code).toBe(1);
    // Written with a trailing zero, the amount is read from its text: "10.50" is a valid amount.
    expect((await order('10.50', 3)).code).toBe(1);
    expect(await balances(app, u.userId)).toEqual({ money: 100_000 - 1_000 - 1_050 - 1_050, score: 0 });
  });

  it('an id written as 1e1 or 7.0 in JSON is refused, not read as 10 or 7 (also by the guests\u2019 heart shortcut)', async () => {
    for (const json of [`{"plan_id":${plan}e0}`, `{"plan_id":${plan}.0}`]) {
      expect(await rawJson(api.lottery.oddsList, json), json).toMatchObject({ code: 0, field: 'plan_id' });
    }
    for (const json of ['{"game_id":7e0}', '{"game_id":7.0}', '{"game_id":-0}']) {
      expect(await rawJson(api.lottery.heart, json), json).toMatchObject({ code: 0, field: 'game_id' });
    }
    // Digits inside a string are text, never touched.
    expect((await rawJson(api.lottery.heart, '{"game_id":7,"lang":"1e1"}')).code).toBe(1);
  });
});

describe("the console's messages name the right reason", () => {
  const admin = (ref: CallRef, body: Record<string, unknown>) => rawCall(app, ref, body, { token: r.admin });

  it('a dashboard period over 367 days, days out of range, dates and days together', async () => {
    expect(await admin(api.admin.moneySummary, { begin_date: '2024-01-01', end_date: '2025-06-01' })).toMatchObject({
      code: 0,
      msg: 'A period can be at most 367 days',
      field: 'begin_date',
    });
    for (const last_days of [0, 368, 'abc']) {
      expect(await admin(api.admin.moneySummary, { last_days }), String(last_days)).toMatchObject({
        code: 0,
        msg: 'The number of days must be a whole number from 1 to 367',
        field: 'last_days',
      });
    }
    expect(await admin(api.admin.moneySummary, { last_days: 7, begin_date: '2025-06-01' })).toMatchObject({
      code: 0,
      msg: 'Give either the dates or the number of days, not both',
      field: 'last_days',
    });
    expect((await admin(api.admin.moneySummary, { begin_date: '2024-06-01', end_date: '2025-06-01' })).code).toBe(1);
    // The start after the end keeps its own message.
    expect((await admin(api.admin.moneySummary, { begin_date: '2025-06-02', end_date: '2025-06-01' })).msg).toBe('The start date cannot be after the end date');
  });

  it('campaign dates out of range', async () => {
    const campaigns = () => count(sql`select count(*)::int as n from campaigns`);
    const before = await campaigns();
    const start = Math.floor((r.clock.now() + DAY_MS) / 1000);
    const draft = { kind: 'check_in', title: names, terms_text: names, terms: { rewards: [100, 200, 300, 400, 500, 600, 700] }, enabled: true };
    for (const [dates, field] of [
      [{ starts_at: -1 }, 'starts_at'],
      [{ starts_at: 2 ** 31 }, 'starts_at'],
      [{ starts_at: 'tomorrow' }, 'starts_at'],
      [{ starts_at: start, ends_at: 1.5 }, 'ends_at'],
      [{ starts_at: start, ends_at: -5 }, 'ends_at'],
    ] as const) {
      expect(await admin(api.campaigns.campaignSave, { ...draft, ...dates }), JSON.stringify(dates)).toMatchObject({
        code: 0,
        msg: 'Please enter a valid date and time',
        field,
      });
    }
    // An end before the start keeps its own message.
    expect((await admin(api.campaigns.campaignSave, { ...draft, starts_at: start, ends_at: start - 60 })).msg).toBe('The end must be after the start');
    expect(await campaigns()).toBe(before);
  });
});

describe("a campaign's banner is a picture of this site", () => {
  const admin = (ref: CallRef, body: Record<string, unknown>) => rawCall(app, ref, body, { token: r.admin });
  const BANNER_RULE = 'The banner must be a picture of this site: a path starting with / or an http(s) address of one of its own lines';
  const draft = () => ({
    kind: 'first_deposit',
    title: names,
    terms_text: names,
    terms: { percent: 50, cap: 10_000, wager_multiple: 3 },
    starts_at: Math.floor((r.clock.now() + DAY_MS) / 1000),
    enabled: false,
  });

  it('refuses javascript:, data:, another site and addresses that only look like paths, saving nothing', async () => {
    const campaigns = () => count(sql`select count(*)::int as n from campaigns`);
    const before = await campaigns();
    for (const banner of [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'https://evil.example/banner.png',
      'https://line1.example.com.evil.example/banner.png',
      'http://line1.example.com/banner.png',
      '//evil.example/banner.png',
      '/\\evil.example/banner.png',
      'banner.png',
      'https://user:pass@line1.example.com/banner.png',
    ]) {
      expect(await admin(api.campaigns.campaignSave, { ...draft(), banner }), banner).toMatchObject({ code: 0, msg: BANNER_RULE, field: 'banner' });
    }
    expect(await campaigns()).toBe(before);
  });

  it('accepts a stored picture of this site and an address at one of its lines; the picture is kept while the campaign uses it', async () => {
    const picture = await upload(app, r.admin, { data: PNG, filename: 'b.png', contentType: 'image/png' }, {}, api.admin.contentImageUpload);
    expect(picture.code).toBe(1);
    const saved = await admin(api.campaigns.campaignSave, { ...draft(), banner: picture.data.url });
    expect(saved, JSON.stringify(saved)).toMatchObject({ code: 1, data: { banner: picture.data.url } });
    // A day and more later the upload is still served: the campaign points at it.
    r.clock.advance(DAY_MS + 60_000);
    await pruneOnce({ db: app.db, dataDir: app.config.dataDir, now: r.clock.now(), timeZone: app.config.timeZone, log: app.log });
    expect((await app.inject({ method: 'GET', url: picture.data.url })).statusCode).toBe(200);

    // (The first operator's session has expired meanwhile.)
    const later = await operatorWithRole(app, 'admin');
    const { live: _live, claims: _claims, paid: _paid, ends_at: _ends, ...row } = saved.data;
    const save = (banner: string) => callApi(app, api.campaigns.campaignSave, { ...row, banner }, { token: later });
    const atLine = await save(`${LINE}${picture.data.url}`);
    expect(atLine.code, JSON.stringify(atLine)).toBe(1);
    // A path to a content image that is not stored is refused.
    expect(await save(pathOf(api.content.media, { name: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }))).toMatchObject({ code: 0, field: 'banner' });
  });
});
