/**
 * Chat moderation through the real API (docs/chat.md#moderation): the filter, slow mode, the new-account
 * gate, mutes (with until when and why) and shadow mutes, reports, and every operator action —
 * removing, muting, a room's settings, clearing, pinning, the word and link lists, the reports queue —
 * each audited in its own transaction.
 */
import { sql } from 'drizzle-orm';
import { api } from '@lucky28/shared/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { CHAT_RATE } from '../../src/domain/chat/messages.js';
import { newOrderNo } from '../../src/domain/betting/request.js';
import { callApi, rawCall, registerUser } from '../helpers.js';
import { bet, createGameApp, currentIssue, fundedUser, roomOf } from '../game/kit.js';
import { operatorWithRole } from '../wallet/fixtures.js';

const { app, clock } = await createGameApp();
const plan = await roomOf(app, 7, 0);
const otherPlan = await roomOf(app, 7, 1);
/** The moderator's session, signed in again when the clock has moved past its idle time. */
const op = { token: await operatorWithRole(app, 'moderator') };
const opAgain = async () => {
  if ((await callApi(app, api.admin.me, {}, op)).status === 401) op.token = await operatorWithRole(app, 'moderator');
};

const countRows = async () => Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from chat_messages`))[0]!.n);
const audits = async (action: string) =>
  queryRows<{ target_id: string; detail: Record<string, unknown> }>(app.db, sql`select target_id, detail from audit_log where action = ${action} order by id`);
const later = () => clock.advance(CHAT_RATE.windowMs + 1);
const post = (token: string, text: string, planId = plan, lang = 'en') => callApi(app, api.chat.post, { plan_id: planId, text }, { token, lang });
const list = (token?: string, planId = plan) => callApi(app, api.chat.list, { plan_id: planId }, token ? { token } : {});
const roomSettings = { enabled: true, muted: false, slow_mode_seconds: 0, gate_settled_bet: false, gate_account_hours: 0 };
async function setRoom(over: Partial<typeof roomSettings>, planId = plan) {
  await opAgain();
  return callApi(app, api.admin.chatRoomUpdate, { plan_id: planId, ...roomSettings, ...over }, op);
}

beforeEach(async () => {
  await opAgain();
  await setRoom({});
});

describe('the filter on chat.post', () => {
  it('refuses links and contact handles by default, localised, storing nothing; an order number passes', async () => {
    const alice = await registerUser(app);
    const before = await countRows();
    expect(await post(alice.token, 'join us at lucky888.vip', plan, 'zh')).toMatchObject({ code: 0, field: 'text', msg: '聊天中不允许发送链接' });
    expect(await post(alice.token, '加我微信 abc12345', plan, 'en')).toMatchObject({
      code: 0,
      msg: 'Contact details (accounts, QQ, WeChat, phone numbers) are not allowed in the chat',
    });
    expect(await post(alice.token, 'ping @recruiter', plan, 'vi')).toMatchObject({ code: 0 });
    expect(await post(alice.token, '13812345678', plan, 'tw')).toMatchObject({ code: 0, msg: '聊天中不允許留聯絡方式（帳號、QQ、微信、電話）' });
    expect(await countRows()).toBe(before);
    const orderNo = newOrderNo(clock.now());
    expect((await post(alice.token, `order ${orderNo} not paid?`)).code).toBe(1);
  });

  it('refuses the operator’s words through look-alikes; links pass once allowed, to the allowed domains only', async () => {
    later();
    const bob = await registerUser(app);
    const saved = await callApi(app, api.admin.chatFilterUpdate, { words: 'spam\n代理\n', links_allowed: true, allowed_domains: 'Help.Example.com' }, op);
    expect(saved.code).toBe(1);
    expect((await callApi(app, api.admin.chatFilter, {}, op)).data).toEqual({
      words: ['spam', '代理'],
      links_allowed: true,
      allowed_domains: ['help.example.com'],
    });
    expect(await post(bob.token, 'Ｓ p\u200Ba m here')).toMatchObject({ code: 0, msg: 'This message contains a word that is not allowed' });
    expect(await post(bob.token, 'see https://spam-free.vip')).toMatchObject({ code: 0, msg: 'Links are not allowed in the chat' });
    expect((await post(bob.token, 'see https://help.example.com/faq')).code).toBe(1);
    const [row] = await audits('chat.filter_update');
    expect(row!.detail).toMatchObject({ after: { words: ['spam', '代理'], linksAllowed: true } });
    // A domain that is not one is refused, and changes nothing.
    const bad = await rawCall(app, api.admin.chatFilterUpdate, { words: '', links_allowed: false, allowed_domains: 'not a domain' }, { ...op, lang: 'en' });
    expect(bad).toMatchObject({ code: 0, field: 'allowed_domains', msg: 'Enter one domain per line, e.g. example.com' });
    expect((await callApi(app, api.admin.chatFilter, {}, op)).data.links_allowed).toBe(true);
    await callApi(app, api.admin.chatFilterUpdate, { links_allowed: false }, op);
  });
});

describe('room settings', () => {
  it('chat off or muted: every post refused with the chat-banned notice; chat.list tells the room’s state', async () => {
    later();
    const carol = await registerUser(app);
    expect((await setRoom({ enabled: false })).code).toBe(1);
    expect(await post(carol.token, 'hello', plan, 'zh')).toMatchObject({ code: 0, msg: '系统已禁言，请选择购买' });
    expect((await list()).data.room).toMatchObject({ enabled: false, muted: false });
    await setRoom({ muted: true });
    expect(await post(carol.token, 'hello')).toMatchObject({ code: 0, msg: 'The system has banned chat, please choose to buy' });
    expect((await list()).data.room).toMatchObject({ enabled: true, muted: true });
    // Another room is not affected.
    expect((await post(carol.token, 'hello', otherPlan)).code).toBe(1);
    await setRoom({});
    expect((await post(carol.token, 'hello')).code).toBe(1);
    const rows = await audits('chat.room_update');
    expect(rows.at(-1)!.detail).toMatchObject({ before: { muted: true }, after: { muted: false } });
  });

  it('slow mode: one post per player per N seconds in that room', async () => {
    later();
    const dan = await registerUser(app);
    await setRoom({ slow_mode_seconds: 30 });
    expect((await post(dan.token, 'first')).code).toBe(1);
    clock.advance(10_000);
    expect(await post(dan.token, 'second')).toMatchObject({ code: 0, msg: 'Slow mode is on in this room, please wait 20 seconds' });
    clock.advance(20_000);
    expect((await post(dan.token, 'third')).code).toBe(1);
    await setRoom({});
  });

  it('the new-account gate: an account age, then a first settled bet', async () => {
    later();
    const erin = await fundedUser(app, 100_00);
    await setRoom({ gate_account_hours: 1 });
    expect(await post(erin.token, 'hi')).toMatchObject({ code: 0, msg: 'New accounts can chat 1 hour after registering' });
    clock.advance(3_600_000);
    expect((await post(erin.token, 'hi')).code).toBe(1);
    later();
    await setRoom({ gate_settled_bet: true });
    expect(await post(erin.token, 'hi', plan, 'zh')).toMatchObject({ code: 0, msg: '第一笔投注结算后才能发言' });
    clock.set(roundAt(clock.now(), app.game.settings).drawsAt + 1_000);
    const issue = await currentIssue(app);
    const placed = await bet(app, erin.token, { issue, plan_id: plan, play_type: '1', money: '10' });
    expect(placed.code, JSON.stringify(placed)).toBe(1);
    expect((await post(erin.token, 'hi')).code).toBe(0);
    clock.set(roundAt(clock.now(), app.game.settings).drawsAt);
    await app.game.scheduler.tick();
    expect((await post(erin.token, 'hi')).code).toBe(1);
    await setRoom({});
  });

  it('pin and unpin an announcement, shown to every viewer of the room', async () => {
    expect((await callApi(app, api.admin.chatPin, { plan_id: plan, text: '  Be kind  ' }, op)).code).toBe(1);
    expect((await list()).data.room.pinned).toEqual({ text: 'Be kind', createtime: Math.floor(clock.now() / 1000) });
    expect((await list(undefined, otherPlan)).data.room.pinned).toBeNull();
    expect((await callApi(app, api.admin.chatUnpin, { plan_id: plan }, op)).code).toBe(1);
    expect((await list()).data.room.pinned).toBeNull();
    expect((await audits('chat.pin')).at(-1)!.detail).toEqual({ text: 'Be kind' });
    expect((await audits('chat.unpin')).at(-1)!.detail).toEqual({ text: 'Be kind' });
  });

  it('clear: the messages so far vanish for players, the operators still read them; new ones show', async () => {
    later();
    const fay = await registerUser(app);
    const old = (await post(fay.token, 'before the clear', otherPlan)).data;
    expect((await callApi(app, api.admin.chatClear, { plan_id: otherPlan }, op)).code).toBe(1);
    expect((await list(fay.token, otherPlan)).data.list).toEqual([]);
    const fresh = (await post(fay.token, 'after the clear', otherPlan)).data;
    expect((await list(fay.token, otherPlan)).data.list.map((m) => m.id)).toEqual([fresh.id]);
    const seen = (await callApi(app, api.admin.chatMessages, { plan_id: otherPlan }, op)).data;
    expect(seen.list.map((m) => m.id)).toEqual(expect.arrayContaining([old.id, fresh.id]));
    expect(seen.cleared_through).toBeGreaterThanOrEqual(old.id);
    expect((await audits('chat.clear')).at(-1)).toMatchObject({ target_id: String(otherPlan) });
  });
});

describe('mutes', () => {
  it('a muted player is refused with until when and why; unmuted, they post again; the mutes list shows it', async () => {
    later();
    const gus = await registerUser(app);
    const res = await callApi(app, api.admin.chatMute, { user_id: gus.userId, minutes: 60, reason: 'spam', shadow: false }, op);
    expect(res.code).toBe(1);
    const refused = await post(gus.token, 'hello');
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/^You are banned from chatting until \d{4}-\d{2}-\d{2} \d{2}:\d{2}.* \(spam\)$/);
    expect((await list(gus.token)).data.my_mute).toEqual({ until: Math.floor((clock.now() + 3_600_000) / 1000), reason: 'spam' });
    const mutes = (await callApi(app, api.admin.chatMutes, {}, op)).data.list;
    expect(mutes.find((m) => m.user_id === gus.userId)).toMatchObject({ reason: 'spam', shadow: false, until: Math.floor((clock.now() + 3_600_000) / 1000) });
    expect((await callApi(app, api.admin.chatUnmute, { user_id: gus.userId }, op)).code).toBe(1);
    expect((await post(gus.token, 'hello')).code).toBe(1);
    expect((await list(gus.token)).data.my_mute).toBeNull();
    expect((await audits('chat.mute')).at(-1)).toMatchObject({ target_id: String(gus.userId), detail: { minutes: 60, reason: 'spam', shadow: false } });
    expect((await audits('chat.unmute')).at(-1)).toMatchObject({ target_id: String(gus.userId) });
    // Nothing to lift now.
    expect((await callApi(app, api.admin.chatUnmute, { user_id: gus.userId }, op)).code).toBe(0);
  });

  it('a mute ends by itself at its time', async () => {
    later();
    const hal = await registerUser(app);
    await callApi(app, api.admin.chatMute, { user_id: hal.userId, minutes: 1, reason: 'calm down', shadow: false }, op);
    expect((await post(hal.token, 'still here')).msg).toMatch(/^You are banned from chatting until /);
    clock.advance(60_001);
    expect((await post(hal.token, 'still here')).code).toBe(1);
  });

  it('a shadow mute: the author sees their message as usual, nobody else does', async () => {
    later();
    const ivy = await registerUser(app);
    const other = await registerUser(app);
    await callApi(app, api.admin.chatMute, { user_id: ivy.userId, minutes: 60, reason: 'recruiting', shadow: true }, op);
    const posted = await post(ivy.token, 'shadowed hello');
    expect(posted.code).toBe(1);
    expect((await list(ivy.token)).data.list.map((m) => m.id)).toContain(posted.data.id);
    expect((await list(ivy.token)).data.my_mute).toBeNull();
    expect((await list(other.token)).data.list.map((m) => m.id)).not.toContain(posted.data.id);
    expect((await list()).data.list.map((m) => m.id)).not.toContain(posted.data.id);
    const opView = (await callApi(app, api.admin.chatMessages, { plan_id: plan }, op)).data.list.find((m) => m.id === posted.data.id);
    expect(opView).toMatchObject({ shadow: true, user_id: ivy.userId, text: 'shadowed hello' });
    // Another player cannot report what they cannot see.
    expect((await callApi(app, api.chat.report, { message_id: posted.data.id }, { token: other.token })).code).toBe(0);
    await callApi(app, api.admin.chatUnmute, { user_id: ivy.userId }, op);
  });

  it('refuses a bad mute, changing nothing', async () => {
    const jay = await registerUser(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ user_id: jay.userId, minutes: 0, reason: 'x', shadow: false }, 'minutes', 'A mute lasts from 1 minute to 30 days'],
      [{ user_id: jay.userId, minutes: 43_201, reason: 'x', shadow: false }, 'minutes', 'A mute lasts from 1 minute to 30 days'],
      [{ user_id: jay.userId, minutes: 5, reason: '  ', shadow: false }, 'reason', 'Please enter a reason'],
      [{ user_id: jay.userId, minutes: 5, reason: 'x' }, 'shadow', 'Invalid request'],
      [{ user_id: 999_999, minutes: 5, reason: 'x', shadow: false }, 'user_id', ''],
    ];
    for (const [body, field, msg] of cases) {
      const res = await rawCall(app, api.admin.chatMute, body, { ...op, lang: 'en' });
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.field).toBe(field);
      if (msg) expect(res.msg).toBe(msg);
    }
    expect((await callApi(app, api.admin.chatMutes, {}, op)).data.list.some((m) => m.user_id === jay.userId)).toBe(false);
  });
});

describe('removing and reporting', () => {
  it('a removed message reads "removed" with no text for everyone; its reports are resolved', async () => {
    later();
    const kim = await registerUser(app);
    const lee = await registerUser(app);
    const posted = (await post(kim.token, 'rude words')).data;
    expect((await callApi(app, api.chat.report, { message_id: posted.id }, { token: lee.token, lang: 'en' })).msg).toBe('Reported, thank you');
    expect(await callApi(app, api.chat.report, { message_id: posted.id }, { token: lee.token, lang: 'en' })).toMatchObject({
      code: 0,
      msg: 'You have already reported this message',
    });
    expect(await callApi(app, api.chat.report, { message_id: posted.id }, { token: kim.token, lang: 'en' })).toMatchObject({
      code: 0,
      msg: 'You cannot report your own message',
    });
    expect(await callApi(app, api.chat.report, { message_id: 999_999 }, { token: lee.token, lang: 'en' })).toMatchObject({ code: 0, msg: 'Message not found' });
    const queue = (await callApi(app, api.admin.chatReports, {}, op)).data.list;
    expect(queue.find((r) => r.message.id === posted.id)).toMatchObject({ reports: 1, resolution: null, message: { text: 'rude words', user_id: kim.userId } });
    expect((await callApi(app, api.admin.chatRooms, {}, op)).data.list.find((r) => r.plan_id === plan)!.open_reports).toBeGreaterThanOrEqual(1);

    expect((await callApi(app, api.admin.chatRemove, { message_id: posted.id }, op)).code).toBe(1);
    for (const viewer of [kim.token, lee.token, undefined]) {
      expect((await list(viewer)).data.list.find((m) => m.id === posted.id)).toMatchObject({ removed: true, text: '' });
    }
    expect((await callApi(app, api.admin.chatReports, {}, op)).data.list.some((r) => r.message.id === posted.id)).toBe(false);
    expect((await callApi(app, api.admin.chatReports, { status: 'resolved' }, op)).data.list.find((r) => r.message.id === posted.id)).toMatchObject({
      resolution: 'removed',
      message: { removed: true, text: 'rude words' },
    });
    expect((await audits('chat.remove')).at(-1)).toMatchObject({ target_id: String(posted.id), detail: { text: 'rude words', user_id: kim.userId } });
    // A removed message is not reported again.
    const nat = await registerUser(app);
    expect((await callApi(app, api.chat.report, { message_id: posted.id }, { token: nat.token })).code).toBe(0);
  });

  it('the reports queue: dismissing keeps the message; removing through a report removes it', async () => {
    later();
    const author = await registerUser(app);
    const [r1, r2] = [await registerUser(app), await registerUser(app)];
    const kept = (await post(author.token, 'fine message')).data;
    const bad = (await post(author.token, 'bad message')).data;
    for (const r of [r1, r2]) {
      await callApi(app, api.chat.report, { message_id: kept.id }, { token: r.token });
      await callApi(app, api.chat.report, { message_id: bad.id }, { token: r.token });
    }
    const queue = (await callApi(app, api.admin.chatReports, {}, op)).data.list;
    const keptReport = queue.find((r) => r.message.id === kept.id)!;
    expect(keptReport.reports).toBe(2);
    expect((await callApi(app, api.admin.chatReportResolve, { report_id: keptReport.id, action: 'dismiss' }, op)).code).toBe(1);
    expect((await list()).data.list.find((m) => m.id === kept.id)).toMatchObject({ removed: false, text: 'fine message' });
    const badReport = queue.find((r) => r.message.id === bad.id)!;
    expect((await callApi(app, api.admin.chatReportResolve, { report_id: badReport.id, action: 'remove' }, op)).code).toBe(1);
    expect((await list()).data.list.find((m) => m.id === bad.id)).toMatchObject({ removed: true });
    const open = (await callApi(app, api.admin.chatReports, {}, op)).data.list.map((r) => r.message.id);
    expect(open).not.toContain(kept.id);
    expect(open).not.toContain(bad.id);
    expect((await audits('chat.report_resolve')).map((a) => a.detail.action)).toEqual(expect.arrayContaining(['dismiss', 'remove']));
    expect(await rawCall(app, api.admin.chatReportResolve, { report_id: 999_999, action: 'remove' }, { ...op, lang: 'en' })).toMatchObject({
      code: 0,
      msg: 'Report not found',
    });
  });

  it('an action whose audit row cannot be written changes nothing (one transaction)', async () => {
    later();
    const author = await registerUser(app);
    const posted = (await post(author.token, 'still here')).data;
    await app.db.execute(sql`alter table audit_log add constraint chat_test_no_remove check (action <> 'chat.remove') not valid`);
    try {
      const res = await callApi(app, api.admin.chatRemove, { message_id: posted.id }, op);
      expect(res.status).toBe(500);
    } finally {
      await app.db.execute(sql`alter table audit_log drop constraint chat_test_no_remove`);
    }
    expect((await list()).data.list.find((m) => m.id === posted.id)).toMatchObject({ removed: false, text: 'still here' });
  });
});
