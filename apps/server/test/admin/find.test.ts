/**
 * Find anything (issue 43, item 3): the players list with its filters and a status on every row, a bet
 * by its order number, a round by its issue, and every bet of a round paged by key — through the API,
 * with its refusals (bad input names its field and changes nothing) and its roles.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { callApi, rawCall, registerUser } from '../helpers.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { bet, createGameApp, fund, roomOf, ROUND_MS } from '../game/kit.js';

const { app, clock } = await createGameApp();
const [admin, finance, support] = [await operatorWithRole(app, 'admin'), await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'support')];

const tag = `fd${Date.now().toString(36).slice(-5)}`;
let n = 0;
/** A player of this file (username starts with `tag`), registered on `day` (Asia/Shanghai noon), with `cents` on its balance. */
async function player(day: string, cents: number) {
  const user = await registerUser(app, { username: `${tag}${n++}` });
  if (cents > 0) await fund(app, user.userId, cents);
  await app.db.execute(sql`update users set created_at = ${`${day}T04:00:00Z`} where id = ${user.userId}`);
  return user;
}
const signIn = (userId: number, at: string, ip: string) =>
  app.db.execute(sql`update sessions set created_at = ${at}, last_seen_at = ${at}, ip = ${ip} where user_id = ${userId}`);

const ids = async (input: Parameters<typeof callApi<typeof api.admin.userSearch>>[2], token = support) => {
  const res = await callApi(app, api.admin.userSearch, { limit: 200, ...input }, { token });
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data.list.map((u) => u.id);
};

const inviter = await player('2025-05-01', 0);
const active = await player('2025-05-10', 500_00);
const frozen = await player('2025-05-20', 20_00);
const timeout = await player('2025-05-25', 0);
const excluded = await player('2025-05-26', 0);
const guest = await player('2025-05-27', 0);
const now = clock.now();
await app.db.execute(sql`update users set inviter_id = ${inviter.userId} where id in (${active.userId}, ${frozen.userId})`);
await app.db.execute(sql`update users set disabled = true where id = ${frozen.userId}`);
const until = new Date(now + 86_400_000).toISOString();
await app.db.execute(sql`update users set excluded_until = ${until}, exclusion_kind = 'timeout' where id = ${timeout.userId}`);
await app.db.execute(sql`update users set excluded_until = ${until}, exclusion_kind = 'self_exclusion' where id = ${excluded.userId}`);
await app.db.execute(sql`update users set group_id = 2 where id = ${guest.userId}`);
await signIn(active.userId, '2025-05-30T02:00:00Z', '198.51.100.7');
await signIn(frozen.userId, '2025-05-21T02:00:00Z', '198.51.100.7');
await signIn(timeout.userId, '2025-05-25T02:00:00Z', '203.0.113.9');
await signIn(inviter.userId, '2025-04-01T02:00:00Z', '192.0.2.1');
await signIn(excluded.userId, '2025-04-01T02:00:00Z', '192.0.2.1');
// The guest's session is gone: no sign-in kept.
await app.db.execute(sql`delete from sessions where user_id = ${guest.userId}`);
const mine = [inviter, active, frozen, timeout, excluded, guest].map((u) => u.userId);
const only = (list: number[]) => list.filter((id) => mine.includes(id)).sort((a, b) => a - b);

describe('the players list', () => {
  it('shows a status on every row, the last sign-in and its address', async () => {
    const res = await callApi(app, api.admin.userSearch, { q: tag, limit: 200 }, { token: finance });
    const byId = new Map(res.data.list.map((u) => [u.id, u]));
    expect(res.data.total).toBe(6);
    expect([inviter, active, frozen, timeout, excluded, guest].map((u) => byId.get(u.userId)!.status)).toEqual([
      'active',
      'active',
      'frozen',
      'timeout',
      'self_excluded',
      'guest',
    ]);
    expect(byId.get(active.userId)).toMatchObject({ balance: '500.00', last_ip: '198.51.100.7', last_sign_in_at: Date.parse('2025-05-30T02:00:00Z') / 1000 });
    expect(byId.get(active.userId)!.frozen).toBe(false);
    expect(byId.get(guest.userId)).toMatchObject({ last_sign_in_at: null, last_ip: '' });
  });

  it('narrows by each filter alone', async () => {
    expect(only(await ids({ status: 'frozen' }))).toEqual([frozen.userId]);
    expect(only(await ids({ status: 'TIMEOUT' }))).toEqual([timeout.userId]);
    expect(only(await ids({ status: 'self_excluded' }))).toEqual([excluded.userId]);
    expect(only(await ids({ status: 'guest' }))).toEqual([guest.userId]);
    expect(only(await ids({ status: 'active' }))).toEqual([inviter.userId, active.userId]);
    // Dates are the operator's days (Asia/Shanghai), both ends inclusive, either end open.
    expect(only(await ids({ registered_from: '2025-05-20' }))).toEqual([frozen.userId, timeout.userId, excluded.userId, guest.userId]);
    expect(only(await ids({ registered_to: '2025-05-10' }))).toEqual([inviter.userId, active.userId]);
    expect(only(await ids({ registered_from: '2025-05-10', registered_to: '2025-05-20' }))).toEqual([active.userId, frozen.userId]);
    expect(only(await ids({ inviter_id: inviter.userId }))).toEqual([active.userId, frozen.userId]);
    expect(only(await ids({ balance_min: '20' }))).toEqual([active.userId, frozen.userId]);
    expect(only(await ids({ balance_max: '20.00' }))).toEqual([inviter.userId, frozen.userId, timeout.userId, excluded.userId, guest.userId]);
    expect(only(await ids({ balance_min: '20.01', balance_max: '1000' }))).toEqual([active.userId]);
    expect(only(await ids({ signed_in_from: '2025-05-25' }))).toEqual([active.userId, timeout.userId]);
    expect(only(await ids({ signed_in_to: '2025-05-24' }))).toEqual([inviter.userId, frozen.userId, excluded.userId]);
    expect(await ids({ ip: '198.51.100.7' })).toEqual([frozen.userId, active.userId]);
    expect(await ids({ ip: '192.0.2.250' })).toEqual([]);
  });

  it('combines filters, with the text search too', async () => {
    expect(await ids({ q: tag, inviter_id: inviter.userId, status: 'active' })).toEqual([active.userId]);
    expect(await ids({ q: tag, ip: '198.51.100.7', balance_max: '100' })).toEqual([frozen.userId]);
    expect(await ids({ q: tag, registered_from: '2025-05-20', signed_in_from: '2025-05-01', status: 'timeout' })).toEqual([timeout.userId]);
    expect(await ids({ q: tag, registered_to: '2025-05-09', inviter_id: inviter.userId })).toEqual([]);
  });

  it('refuses bad filters with a localised message naming the field', async () => {
    const refused = async (body: Record<string, unknown>, field: string, msg: string, lang = 'en') => {
      const res = await rawCall(app, api.admin.userSearch, body, { token: support, lang });
      expect([res.code, res.field, res.msg], JSON.stringify(body)).toEqual([0, field, msg]);
    };
    await refused({ status: 'sleeping' }, 'status', 'Unknown player status');
    await refused({ status: 'sleeping' }, 'status', '未知的玩家状态', 'zh');
    await refused({ registered_from: '2025-13-40' }, 'registered_from', 'Invalid date, expected YYYY-MM-DD');
    await refused({ registered_from: '2025-06-02', registered_to: '2025-06-01' }, 'registered_from', 'The start date cannot be after the end date');
    await refused({ signed_in_to: 'yesterday' }, 'signed_in_to', 'Invalid date, expected YYYY-MM-DD');
    await refused({ balance_min: '-1' }, 'balance_min', 'Enter a balance of 0 or more, with at most two decimals');
    await refused({ balance_max: '1.234' }, 'balance_max', 'Enter a balance of 0 or more, with at most two decimals');
    await refused({ balance_min: '10', balance_max: '5' }, 'balance_min', 'The lowest balance cannot be above the highest');
    await refused({ inviter_id: 'x' }, 'inviter_id', "Enter the inviter's player ID");
    await refused({ ip: 'x'.repeat(46) }, 'ip', 'Enter an IP address');
    await refused({ ip: ['1.2.3.4'] }, 'ip', 'Enter an IP address');
  });
});

describe('bets and rounds', async () => {
  const plan = await roomOf(app, 5, 0);
  const other = await roomOf(app, 5, 1);
  const bettor = await registerUser(app);
  await fund(app, bettor.userId, 5_000_00);
  // Five bets in one round across two rooms.
  expect((await bet(app, bettor.token, { plan_id: plan, game_id: 5, play_type: '1,2,113', money: '10' })).code).toBe(1);
  expect((await bet(app, bettor.token, { plan_id: other, game_id: 5, play_type: '3,4', money: '10' })).code).toBe(1);
  const orders = await queryRows<{ id: number; order_no: string; round_id: number; issue: string }>(
    app.db,
    sql`select id, order_no, round_id, issue from orders where user_id = ${bettor.userId} order by id`,
  );
  const round = orders[0]!;
  clock.advance(ROUND_MS);
  await app.game.scheduler.tick();

  it('finds a bet by its order number, with its player and round', async () => {
    const found = await callApi(app, api.admin.orderFind, { order_no: orders[4]!.order_no }, { token: finance });
    expect(found.data).toMatchObject({
      id: Number(orders[4]!.id),
      order_no: orders[4]!.order_no,
      user_id: bettor.userId,
      username: bettor.username,
      round_id: Number(round.round_id),
      issue: round.issue,
      play_type: 4,
      amount: '10.00',
      status: 1,
    });
    const missing = await callApi(app, api.admin.orderFind, { order_no: 'NO-SUCH-ORDER' }, { token: support, lang: 'vi' });
    expect([missing.code, missing.field, missing.msg]).toEqual([0, 'order_no', 'Không tìm thấy đơn cược']);
    const blank = await rawCall(app, api.admin.orderFind, { order_no: '  ' }, { token: support });
    expect([blank.code, blank.field, blank.msg]).toEqual([0, 'order_no', 'Enter an order number']);
  });

  it('finds a round by its issue', async () => {
    const found = await callApi(app, api.admin.roundList, { game_id: 5, issue: round.issue }, { token: support });
    expect(found.data.total).toBe(1);
    expect(found.data.list[0]).toMatchObject({ id: Number(round.round_id), issue: round.issue, orders: 5, stakes: '50.00' });
    expect((await callApi(app, api.admin.roundList, { game_id: 5, issue: '19990101001' }, { token: support })).data).toEqual({ total: 0, list: [] });
    // Another game's round by the same issue is not this one.
    expect((await callApi(app, api.admin.roundList, { game_id: 6, issue: round.issue }, { token: support })).data.list.map((r) => r.id)).not.toContain(
      Number(round.round_id),
    );
  });

  it('lists every bet of a round across its rooms, paged by key', async () => {
    const first = await callApi(app, api.admin.roundBets, { round_id: Number(round.round_id), limit: 2 }, { token: finance });
    expect(first.data.round).toMatchObject({ id: Number(round.round_id), game_id: 5, issue: round.issue });
    expect(first.data.round.total).not.toBeNull();
    expect(first.data.list.map((b) => b.order_no)).toEqual([orders[0]!.order_no, orders[1]!.order_no]);
    expect(first.data.next).toBe(Number(orders[1]!.id));
    const second = await callApi(app, api.admin.roundBets, { round_id: Number(round.round_id), after: first.data.next!, limit: 2 }, { token: finance });
    expect(second.data.list.map((b) => b.order_no)).toEqual([orders[2]!.order_no, orders[3]!.order_no]);
    const last = await callApi(app, api.admin.roundBets, { round_id: Number(round.round_id), after: second.data.next!, limit: 2 }, { token: finance });
    expect(last.data.list.map((b) => b.order_no)).toEqual([orders[4]!.order_no]);
    expect(last.data.next).toBeNull();
    const row = last.data.list[0]!;
    expect(row).toMatchObject({ user_id: bettor.userId, username: bettor.username, play_type: 4, amount: '10.00', status: 1 });
    expect(row.odds).toMatch(/^\d+\.\d{2}$/);
    expect(row.whether_hit === 0 || row.whether_hit === 1).toBe(true);
    expect(row.payout).not.toBeNull();
    expect(new Set(first.data.list.concat(second.data.list, last.data.list).map((b) => b.room)).size).toBe(2);

    const missing = await callApi(app, api.admin.roundBets, { round_id: 99_999_999 }, { token: support });
    expect([missing.code, missing.field, missing.msg]).toEqual([0, 'round_id', 'Round not found']);
    const bad = await rawCall(app, api.admin.roundBets, { round_id: Number(round.round_id), after: -1 }, { token: support });
    expect([bad.code, bad.field]).toEqual([0, 'after']);
  });

  it('players and signed-out callers cannot reach the finders', async () => {
    for (const ref of [api.admin.orderFind, api.admin.roundBets, api.admin.userSearch]) {
      const body = { order_no: orders[0]!.order_no, round_id: Number(round.round_id) };
      expect((await rawCall(app, ref, body, { token: bettor.token })).status, ref.path).toBe(401);
      expect((await rawCall(app, ref, body)).status, ref.path).toBe(401);
      expect((await rawCall(app, ref, body, { token: admin })).code, ref.path).toBe(1);
    }
  });
});
