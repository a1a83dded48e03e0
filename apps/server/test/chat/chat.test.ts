/**
 * The room chat through the real API (docs/chat.md): members post, anyone reads from a cursor, nicknames
 * masked as the feed masks them and the caller's own messages marked, refusals localised and changing
 * nothing, the per-player rate limit, and the housekeeping's retention.
 */
import { sql } from 'drizzle-orm';
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { queryRows } from '../../src/db/query.js';
import { CHAT_RATE } from '../../src/domain/chat/messages.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { call, callApi, rawCall, registerUser } from '../helpers.js';
import { createGameApp, roomOf } from '../game/kit.js';

const { app, clock } = await createGameApp();
const plan = await roomOf(app, 7, 0);
const otherPlan = await roomOf(app, 7, 1);

const countRows = async () => Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from chat_messages`))[0]!.n);
/** Moves the clock past the rate window, so the next posts are not refused for speed. */
const pastRateWindow = () => clock.advance(CHAT_RATE.windowMs + 1);

describe('chat.post', () => {
  it('stores a member’s trimmed text and answers it marked as theirs, with the nickname masked', async () => {
    const alice = await registerUser(app, { username: 'alicechat' });
    const res = await callApi(app, api.chat.post, { plan_id: plan, text: '  大100 hello 👋🏽 <b>x</b>  ' }, { token: alice.token });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ plan_id: plan, kind: 'player', nickname: 'a***t', text: '大100 hello 👋🏽 <b>x</b>', mine: true });
    expect(res.data.createtime).toBe(Math.floor(clock.now() / 1000));
    // Stored as the text typed, not as HTML (a client renders it as text).
    const [row] = await queryRows<{ text: string; user_id: number }>(app.db, sql`select text, user_id from chat_messages where id = ${res.data.id}`);
    expect(row).toEqual({ text: '大100 hello 👋🏽 <b>x</b>', user_id: alice.userId });
  });

  it('counts the 200-character limit in code points: 200 emoji pass, 201 characters do not', async () => {
    pastRateWindow();
    const bob = await registerUser(app);
    const ok = await callApi(app, api.chat.post, { plan_id: plan, text: '😀'.repeat(200) }, { token: bob.token });
    expect(ok.code).toBe(1);
    const before = await countRows();
    const long = await callApi(app, api.chat.post, { plan_id: plan, text: 'a'.repeat(201) }, { token: bob.token, lang: 'zh' });
    expect(long).toMatchObject({ code: 0, field: 'text', msg: '消息最多200个字' });
    const longEmoji = await callApi(app, api.chat.post, { plan_id: plan, text: '😀'.repeat(201) }, { token: bob.token });
    expect(longEmoji).toMatchObject({ code: 0, field: 'text', msg: 'A message is at most 200 characters' });
    expect(await countRows()).toBe(before);
  });

  it('refuses blank text, control characters, a line break, a list or a missing room — localised, nothing stored', async () => {
    pastRateWindow();
    const carol = await registerUser(app);
    const before = await countRows();
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ plan_id: plan, text: '   ' }, 'text', 'tw', '請輸入訊息內容'],
      [{ plan_id: plan }, 'text', 'vi', 'Vui lòng nhập tin nhắn'],
      [{ plan_id: plan, text: 'hi\u0007there' }, 'text', 'en', 'This message contains characters that are not allowed'],
      [{ plan_id: plan, text: 'two\nlines' }, 'text', 'zh', '消息包含不允许的字符'],
      [{ plan_id: plan, text: 'x\u202Ey' }, 'text', 'en', 'This message contains characters that are not allowed'],
      [{ plan_id: plan, text: ['a', 'b'] }, 'text', 'en', 'This message contains characters that are not allowed'],
      [{ text: 'hello' }, 'plan_id', 'en', 'Room not found'],
      [{ plan_id: 999_999, text: 'hello' }, 'plan_id', 'vi', 'Không tìm thấy phòng'],
    ];
    for (const [body, field, lang, msg] of cases) {
      const res = await rawCall(app, api.chat.post, body, { token: carol.token, lang });
      expect(res, JSON.stringify(body)).toMatchObject({ code: 0, field, msg });
    }
    expect(await countRows()).toBe(before);
  });

  it('refuses guests and callers without a session', async () => {
    const guest = (await call(app, '/api/user/guestLogin', {}, { ip: '10.36.0.1' })).data.userinfo;
    const before = await countRows();
    const asGuest = await callApi(app, api.chat.post, { plan_id: plan, text: 'hello' }, { token: guest.token, lang: 'zh' });
    expect(asGuest).toMatchObject({ code: 0, msg: '游客请先注册成为正式会员后再操作' });
    const anonymous = await callApi(app, api.chat.post, { plan_id: plan, text: 'hello' });
    expect(anonymous.status).toBe(401);
    expect(await countRows()).toBe(before);
    // A guest reads the chat.
    const read = await callApi(app, api.chat.list, { plan_id: plan }, { token: guest.token });
    expect(read.code).toBe(1);
    expect(read.data.list.length).toBeGreaterThan(0);
    expect(read.data.list.every((m) => !m.mine)).toBe(true);
  });

  it('limits a player to CHAT_RATE messages in its window, saying how long to wait', async () => {
    pastRateWindow();
    const dave = await registerUser(app);
    for (let i = 0; i < CHAT_RATE.max; i++) {
      clock.advance(100);
      expect((await callApi(app, api.chat.post, { plan_id: plan, text: `m${i}` }, { token: dave.token })).code).toBe(1);
    }
    const before = await countRows();
    const fast = await callApi(app, api.chat.post, { plan_id: plan, text: 'one more' }, { token: dave.token });
    expect(fast.code).toBe(0);
    expect(fast.msg).toMatch(/^You are sending messages too fast, please wait \d+ seconds$/);
    expect(await countRows()).toBe(before);
    // Another player is not held back by it; and the window passes.
    expect((await callApi(app, api.chat.post, { plan_id: plan, text: 'me too' }, { token: (await registerUser(app)).token })).code).toBe(1);
    pastRateWindow();
    expect((await callApi(app, api.chat.post, { plan_id: plan, text: 'later' }, { token: dave.token })).code).toBe(1);
  });
});

describe('chat.post under load and for players who may not post', () => {
  it('lets exactly CHAT_RATE.max of a burst of parallel posts from one player through', async () => {
    pastRateWindow();
    const jay = await registerUser(app);
    const before = await countRows();
    const answers = await Promise.all(
      Array.from({ length: CHAT_RATE.max * 2 }, (_, i) => callApi(app, api.chat.post, { plan_id: plan, text: `burst ${i}` }, { token: jay.token })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(CHAT_RATE.max);
    expect(answers.filter((a) => a.code === 0).every((a) => /too fast/.test(String(a.msg)))).toBe(true);
    expect(await countRows()).toBe(before + CHAT_RATE.max);
  });

  it('refuses a player on a break even while a session is still open, storing nothing', async () => {
    pastRateWindow();
    const kim = await registerUser(app);
    // As if a session outlived the break (taking one ends every session): the rule is the domain's too.
    await app.db.execute(
      sql`update users set excluded_until = ${new Date(clock.now() + 86_400_000)}, exclusion_kind = 'timeout', excluded_at = ${new Date(clock.now())} where id = ${kim.userId}`,
    );
    const before = await countRows();
    const res = await callApi(app, api.chat.post, { plan_id: plan, text: 'hello' }, { token: kim.token, lang: 'tw' });
    expect(res).toMatchObject({ code: 0, msg: '您的帳戶暫時不能在聊天室發言' });
    expect(await countRows()).toBe(before);
  });
});

describe('chat.list', () => {
  it('answers the last 100 on entry, older ones by `before`, newer ones by `after`, oldest first, per room', async () => {
    const { rows } = await seedRoom(otherPlan, 130);
    const eve = await registerUser(app);
    const entry = await callApi(app, api.chat.list, { plan_id: otherPlan }, { token: eve.token });
    expect(entry.code).toBe(1);
    expect(entry.data.plan_id).toBe(otherPlan);
    expect(entry.data.list.map((m) => m.id)).toEqual(rows.slice(30));
    expect(entry.data.has_more).toBe(true);

    const older = await callApi(app, api.chat.list, { plan_id: otherPlan, before: rows[30] });
    expect(older.data.list.map((m) => m.id)).toEqual(rows.slice(0, 30));
    expect(older.data.has_more).toBe(false);

    const page = await callApi(app, api.chat.list, { plan_id: otherPlan, before: rows[100], limit: 20 });
    expect(page.data.list.map((m) => m.id)).toEqual(rows.slice(80, 100));
    expect(page.data.has_more).toBe(true);

    const newer = await callApi(app, api.chat.list, { plan_id: otherPlan, after: rows[119] });
    expect(newer.data.list.map((m) => m.id)).toEqual(rows.slice(120));
    expect(newer.data.has_more).toBe(false);
    const newerPage = await callApi(app, api.chat.list, { plan_id: otherPlan, after: rows[9], limit: 100 });
    expect(newerPage.data.list.map((m) => m.id)).toEqual(rows.slice(10, 110));
    expect(newerPage.data.has_more).toBe(true);
    const nothingNew = await callApi(app, api.chat.list, { plan_id: otherPlan, after: rows[129] });
    expect(nothingNew.data).toEqual({
      plan_id: otherPlan,
      list: [],
      has_more: false,
      room: { enabled: true, muted: false, slow_mode_seconds: 0, gate_settled_bet: false, gate_account_hours: 0, pinned: null, cleared_through: 0, version: 0 },
      my_mute: null,
    });

    // The first room's messages are not in this one.
    const first = await callApi(app, api.chat.list, { plan_id: plan });
    expect(first.data.list.every((m) => m.plan_id === plan)).toBe(true);
  });

  it('marks only the caller’s own messages, masks every nickname, and refuses bad cursors localised', async () => {
    pastRateWindow();
    const frank = await registerUser(app, { username: 'frankly' });
    const gina = await registerUser(app, { username: 'gina' });
    const mine = await callApi(app, api.chat.post, { plan_id: plan, text: 'from frank' }, { token: frank.token });
    const theirs = await callApi(app, api.chat.post, { plan_id: plan, text: 'from gina' }, { token: gina.token });
    const asFrank = await callApi(app, api.chat.list, { plan_id: plan, after: mine.data.id - 1 }, { token: frank.token });
    expect(asFrank.data.list.map((m) => [m.text, m.nickname, m.mine])).toEqual([
      ['from frank', 'f***y', true],
      ['from gina', 'g***a', false],
    ]);
    const asNobody = await callApi(app, api.chat.list, { plan_id: plan, after: mine.data.id - 1 });
    expect(asNobody.data.list.map((m) => m.mine)).toEqual([false, false]);
    expect(theirs.data.id).toBeGreaterThan(mine.data.id);

    const both = await rawCall(app, api.chat.list, { plan_id: plan, before: 5, after: 1 }, { lang: 'zh' });
    expect(both).toMatchObject({ code: 0, field: 'after', msg: '请只查询更早或更新的消息，不能同时查询' });
    const bad = await rawCall(app, api.chat.list, { plan_id: plan, before: 'x' }, { lang: 'en' });
    expect(bad).toMatchObject({ code: 0, field: 'before', msg: 'Invalid message position' });
    const tooMany = await rawCall(app, api.chat.list, { plan_id: plan, limit: 101 }, { lang: 'tw' });
    expect(tooMany).toMatchObject({ code: 0, field: 'limit', msg: '訊息條數須在1到100之間' });
    const noRoom = await rawCall(app, api.chat.list, { plan_id: 999_999 }, { lang: 'en' });
    expect(noRoom).toMatchObject({ code: 0, field: 'plan_id', msg: 'Room not found' });
  });
});

describe('retention', () => {
  it('reads CHAT_RETENTION_DAYS: 30 by default, a positive whole number of days otherwise', () => {
    expect(loadConfig({}).chatRetentionDays).toBe(30);
    expect(loadConfig({ CHAT_RETENTION_DAYS: '7' }).chatRetentionDays).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'x']) expect(() => loadConfig({ CHAT_RETENTION_DAYS: bad })).toThrow(/CHAT_RETENTION_DAYS/);
  });

  it('housekeeping deletes the messages older than CHAT_RETENTION_DAYS and keeps the rest', async () => {
    expect(app.config.chatRetentionDays).toBe(30);
    pastRateWindow();
    const hal = await registerUser(app);
    const old = await callApi(app, api.chat.post, { plan_id: plan, text: 'old news' }, { token: hal.token });
    clock.advance(30 * 86_400_000 - 60_000);
    pastRateWindow();
    // A month later: a new session (hal's has expired).
    const ivy = await registerUser(app);
    const recent = await callApi(app, api.chat.post, { plan_id: plan, text: 'still here' }, { token: ivy.token });
    expect(recent.code).toBe(1);
    const total = await countRows();
    clock.advance(120_000);
    const report = await pruneOnce({
      db: app.db,
      dataDir: app.config.dataDir,
      now: clock.now(),
      timeZone: app.config.timeZone,
      log: app.log,
      chatRetentionDays: 30,
    });
    expect(report.chatMessages).toBeGreaterThan(0);
    const left = await queryRows<{ id: number }>(app.db, sql`select id from chat_messages`);
    const ids = left.map((r) => Number(r.id));
    expect(ids).not.toContain(old.data.id);
    expect(ids).toContain(recent.data.id);
    expect(ids.length).toBe(total - report.chatMessages);
    // Running again (as another node would) deletes nothing more.
    const again = await pruneOnce({
      db: app.db,
      dataDir: app.config.dataDir,
      now: clock.now(),
      timeZone: app.config.timeZone,
      log: app.log,
      chatRetentionDays: 30,
    });
    expect(again.chatMessages).toBe(0);
  });
});

/** `n` messages in a room from several players (through the API), their ids oldest first. */
async function seedRoom(planId: number, n: number): Promise<{ rows: number[] }> {
  const players = await Promise.all(Array.from({ length: 4 }, () => registerUser(app)));
  const rows: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i % (CHAT_RATE.max * players.length) === 0) pastRateWindow();
    const res = await callApi(app, api.chat.post, { plan_id: planId, text: `line ${i}` }, { token: players[i % players.length]!.token });
    expect(res.code, JSON.stringify(res)).toBe(1);
    rows.push(res.data.id);
  }
  return { rows };
}
