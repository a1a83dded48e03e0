/**
 * Guests (docs/design.md#guests): sign in as a guest, watch, be refused betting, deposits and withdrawals with the
 * spec's "register as a full member" message and nothing changed; become a member in place; be
 * deleted after 30 days idle.
 */
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/query.js';
import { placeBets } from '../../src/domain/betting/generalBet.js';
import { prepareBet } from '../../src/domain/betting/oneStatementBet.js';
import { GUEST_IDLE_MS, deleteIdleGuests } from '../../src/domain/accounts/guests.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { registerUser, uniqueName, callApi, rawCall } from '../helpers.js';
import { bet, checkLedgerInvariants, createGameApp, currentIssue, fund, fundedUser, roomOf } from '../game/kit.js';
import { operatorWithRole } from '../wallet/fixtures.js';

const { app, clock } = await createGameApp();
const plan = await roomOf(app, 7, 0);
let ip = 0;
const guestLogin = async (lang = 'en') => {
  const res = await callApi(app, api.user.guestLogin, {}, { ip: `10.88.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`, lang });
  expect(res.code).toBe(1);
  return res.data.userinfo as { token: string; user_id: number; username: string; group_id: number; balance: string };
};
const upgrade = (token: string, body: Record<string, unknown>, lang = 'en') =>
  rawCall(app, api.user.guestUpgrade, body, { token, lang, ip: `10.89.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });

/** Everything a refused action could have changed, for the whole database. */
const state = async () =>
  (
    await queryRows<Record<string, number>>(
      app.db,
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from ledger) as ledger,
        (select count(*)::int from deposits) as deposits, (select count(*)::int from withdrawals) as withdrawals,
        (select count(*)::int from uploads) as uploads, (select coalesce(sum(money + score), 0)::bigint from users) as balances`,
    )
  )[0];

const FORBIDDEN = {
  en: 'Guests must register as full members before doing this',
  zh: '游客请先注册成为正式会员后再操作',
  tw: '遊客請先註冊成為正式會員後再操作',
  vi: 'Khách vui lòng đăng ký thành viên chính thức trước khi thao tác',
} as const;

describe('user/guestLogin', () => {
  it('creates a guest (group 2) with no money and a session that sees the live data', async () => {
    const guest = await guestLogin();
    expect(guest.group_id).toBe(2);
    expect(guest.balance).toBe('0.00');
    expect(guest.username).toMatch(/^guest_[0-9a-f]{10}$/);
    const me = await callApi(app, api.user.userInfo, {}, { token: guest.token });
    expect(me.data).toMatchObject({ group_id: 2, money: '0.00', score: '0.00' });
    // Rooms, feeds, draws, odds: the same as anyone sees.
    expect((await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token: guest.token })).code).toBe(1);
    expect((await callApi(app, api.lottery.oddsList, { plan_id: plan }, { token: guest.token })).code).toBe(1);
    expect((await callApi(app, api.lottery.issueList, { game_id: 7 }, { token: guest.token })).code).toBe(1);
    expect((await callApi(app, api.user.orderList, {}, { token: guest.token })).code).toBe(1);
  });

  it('a guest cannot sign in with a password (it has none it knows)', async () => {
    const guest = await guestLogin();
    expect((await callApi(app, api.user.login, { account: guest.username, password: 'whatever-1' })).code).toBe(0);
  });
});

describe('a guest is refused betting, deposits and withdrawals', () => {
  it('in each language, with the register-as-member message, and nothing changes', async () => {
    const member = await fundedUser(app, 1_000_00);
    expect((await bet(app, member.token, { plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
    for (const lang of ['en', 'zh', 'tw', 'vi'] as const) {
      const guest = await guestLogin(lang);
      const before = await state();
      const issue = await currentIssue(app);
      const attempts = [
        [api.lottery.playOrder, { game_id: 7, plan_id: plan, issue, play_type: '1', money: '10' }],
        // More classes than the one statement takes: the general path's input.
        [api.lottery.playOrder, { game_id: 7, plan_id: plan, issue, play_type: '1,2,3,4,11,12,13,14,21,22,31,32', money: '10' }],
        [api.wallet.recharge, {}],
        [api.wallet.depositRequest, { money: '100', channel: 'usdt', screenshot: 'x' }],
        [api.wallet.withdrawInfo, {}],
        [api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }],
      ] as const;
      for (const [ref, body] of attempts) {
        const res = await rawCall(app, ref, body, { token: guest.token, lang });
        expect(res.status, ref.name).toBe(200);
        expect(res.code, ref.name).toBe(0);
        expect(res.msg, ref.name).toBe(FORBIDDEN[lang]);
      }
      expect(await state()).toEqual(before);
    }
    await checkLedgerInvariants(app.db);
  });

  it('both bet paths refuse a guest even past the route: the one statement places nothing, the general path says why', async () => {
    const guest = await guestLogin();
    const member = await fundedUser(app, 1_000_00);
    // Funds given straight to the guest's row, so only its group stands in the way.
    await fund(app, guest.user_id, 1_000_00);
    const issue = await currentIssue(app);
    expect((await bet(app, member.token, { plan_id: plan, play_type: '2', money: '10', issue })).code).toBe(1);
    const request = (userId: number) => ({ userId, gameId: 7, roomId: plan, issue, playTypes: [1], amounts: [10_00] });
    const ctx = { settings: app.game.settings, now: clock.now(), game: app.game.snapshot.games.get(7), room: app.game.snapshot.rooms.get(plan) };
    const before = await state();

    expect(await app.game.betBatcher.place(prepareBet(request(guest.user_id), ctx)!)).toBeNull();
    expect(await state()).toEqual(before);
    await expect(placeBets(app.db, request(guest.user_id), { ...ctx, seeds: app.game.seeds, chain: app.game.chain })).rejects.toMatchObject({
      key: 'err.guest_forbidden',
    });
    expect(await state()).toEqual(before);
    await expect(app.game.placeBets(request(guest.user_id))).rejects.toMatchObject({ key: 'err.guest_forbidden' });
    expect(await state()).toEqual(before);

    // The same bet of a member goes through the one statement.
    expect(await app.game.betBatcher.place(prepareBet(request(member.userId), ctx)!)).toMatchObject({ userId: member.userId });
    await checkLedgerInvariants(app.db);
  });

  it('an operator cannot give a guest money (no play money)', async () => {
    const guest = await guestLogin();
    const finance = await operatorWithRole(app, 'finance');
    const before = await state();
    const res = await callApi(app, api.admin.userGift, { id: guest.user_id, amount: '500', reason: 'welcome' }, { token: finance });
    expect(res.code).toBe(0);
    expect(res.field).toBe('id');
    expect(await state()).toEqual(before);
  });
});

describe('user/guestUpgrade', () => {
  it('makes the guest a member in place: same id, same token, and it may bet, sign in and deposit', async () => {
    const guest = await guestLogin('vi');
    const username = uniqueName('upg');
    // A bet refused a moment before is remembered with the session: the upgrade must not be hidden by it.
    expect((await bet(app, guest.token, { plan_id: plan, play_type: '1', money: '10' })).code).toBe(0);
    const res = await upgrade(guest.token, { username, password: 'upgrade-pass-9', repassword: 'upgrade-pass-9' }, 'vi');
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Đăng ký thành công');
    expect(res.data.userinfo).toMatchObject({ token: guest.token, user_id: guest.user_id, username, group_id: 1, balance: '0.00' });

    const me = await callApi(app, api.user.userInfo, {}, { token: guest.token });
    expect(me.data).toMatchObject({ id: guest.user_id, username, group_id: 1 });
    expect((await callApi(app, api.wallet.recharge, {}, { token: guest.token })).code).toBe(1);
    await fund(app, guest.user_id, 100_00);
    const placed = await bet(app, guest.token, { plan_id: plan, play_type: '1', money: '10' });
    expect(placed.code).toBe(1);
    expect(placed.data.after_quantity).toBe('90.00');
    const login = await callApi(app, api.user.login, { account: username, password: 'upgrade-pass-9' });
    expect(login.code).toBe(1);
    expect(login.data.userinfo.user_id).toBe(guest.user_id);
    await checkLedgerInvariants(app.db);
  });

  it('cannot upgrade twice, and a member cannot "upgrade"', async () => {
    const guest = await guestLogin();
    const first = uniqueName('once');
    expect((await upgrade(guest.token, { username: first, password: 'upgrade-pass-9' })).code).toBe(1);
    const again = await upgrade(guest.token, { username: uniqueName('twice'), password: 'upgrade-pass-9' }, 'zh');
    expect(again).toMatchObject({ code: 0, msg: '该账号已是正式会员' });
    const member = await registerUser(app);
    const res = await upgrade(member.token, { username: uniqueName('mem'), password: 'upgrade-pass-9' });
    expect(res).toMatchObject({ code: 0, msg: 'This account is already a full member' });
    const rows = await queryRows<{ username: string }>(app.db, sql`select username from users where id in (${guest.user_id}, ${member.userId}) order by id`);
    expect(rows.map((r) => r.username)).toEqual([first, member.username]);
  });

  it('checks the username and password like registration, each field with its message, and changes nothing', async () => {
    const taken = await registerUser(app);
    const guest = await guestLogin();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'username', 'Please enter username'],
      [{ username: '9bad', password: 'long-enough-1' }, 'username', 'Username must be 4–20 letters, digits or underscores, starting with a letter'],
      [{ username: 'good_name1' }, 'password', 'Please enter password'],
      [{ username: 'good_name1', password: 'short' }, 'password', 'Password must be 8–64 characters'],
      [{ username: 'good_name1', password: 'long-enough-1', repassword: 'different-1' }, 'repassword', 'The two passwords are inconsistent'],
      [
        { username: 'good_name1', password: 'password' },
        'password',
        (await callApi(app, api.user.register, { username: 'good_name2', password: 'password' })).msg,
      ],
      [{ username: taken.username.toUpperCase(), password: 'long-enough-1' }, 'username', 'This username is already taken'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await upgrade(guest.token, body);
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.field, JSON.stringify(body)).toBe(field);
      expect(res.msg, JSON.stringify(body)).toBe(msg);
    }
    const me = await callApi(app, api.user.userInfo, {}, { token: guest.token });
    expect(me.data).toMatchObject({ username: guest.username, group_id: 2 });
    // Its own generated name is free for it to keep, as any valid name.
    expect((await upgrade(guest.token, { username: 'good_name1', password: 'long-enough-1' })).code).toBe(1);
  });

  it('needs a session, and two guests racing for one name: one gets it, the other is told it is taken', async () => {
    expect((await callApi(app, api.user.guestUpgrade, { username: 'nobody_here', password: 'long-enough-1' })).status).toBe(401);
    const [a, b] = [await guestLogin(), await guestLogin()];
    const name = uniqueName('race');
    const answers = await Promise.all([a, b].map((g) => upgrade(g.token, { username: name, password: 'long-enough-1' })));
    expect(answers.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(answers.find((r) => r.code === 0)!.msg).toBe('This username is already taken');
  });
});

describe('idle guests are deleted after 30 days', () => {
  it('deletes guests with no session used for 30 days, keeps recent ones, those with money rows and members, on one node at a time', async () => {
    const { app: cleanApp, clock: cleanClock } = await createGameApp();
    const t0 = cleanClock.now();
    const login = async () => (await callApi(cleanApp, api.user.guestLogin, {}, { ip: `10.90.0.${(ip++ % 250) + 1}` })).data.userinfo;
    const idle = await login();
    const usedLater = await login();
    // A guest with ledger rows (an account from before guests were kept from money) stays: money rows are never deleted.
    const holder = await login();
    await fund(cleanApp, holder.user_id, 5_00);
    const member = await registerUser(cleanApp);
    // Rows of the idle guest that go with it: an idempotency key, a station message and its read mark.
    await cleanApp.db.execute(
      sql`insert into idempotency_keys (user_id, scope, key, fingerprint, response, created_at) values (${idle.user_id}, 'x', 'k', 'f', '{}'::jsonb, now())`,
    );
    await cleanApp.db.execute(sql`insert into notices (kind, user_id, msg_key) values (1, ${idle.user_id}, 'msg.set_success')`);
    await cleanApp.db.execute(sql`insert into notice_reads (notice_id, user_id) select id, ${idle.user_id} from notices where user_id = ${idle.user_id}`);
    // Used an hour later: idle counts from its session's last use, not from its creation.
    cleanClock.advance(60 * 60 * 1000);
    expect((await callApi(cleanApp, api.user.userInfo, {}, { token: usedLater.token })).code).toBe(1);
    cleanClock.set(t0 + 10 * 24 * 60 * 60 * 1000);
    const recent = await login();

    cleanClock.set(t0 + GUEST_IDLE_MS + 30 * 60 * 1000);
    const prune = () =>
      pruneOnce({ db: cleanApp.db, dataDir: cleanApp.config.dataDir, now: cleanClock.now(), timeZone: cleanApp.config.timeZone, log: cleanApp.log });
    expect((await prune()).guests).toBe(1);
    const ids = async () => (await queryRows<{ id: number }>(cleanApp.db, sql`select id from users order by id`)).map((r) => r.id);
    expect(await ids()).toEqual([usedLater.user_id, holder.user_id, member.userId, recent.user_id]);
    for (const table of ['sessions', 'idempotency_keys', 'notices', 'notice_reads']) {
      expect(await queryRows(cleanApp.db, sql`select 1 from ${sql.identifier(table)} where user_id = ${idle.user_id}`), table).toEqual([]);
    }
    expect((await prune()).guests).toBe(0);

    // 30 days after its last use the second goes; members never do.
    cleanClock.set(t0 + GUEST_IDLE_MS + 61 * 60 * 1000);
    expect(await deleteIdleGuests(cleanApp.db, cleanClock.now())).toBe(1);
    expect(await ids()).toEqual([holder.user_id, member.userId, recent.user_id]);
    // Two nodes running it at once delete the last one exactly once between them.
    cleanClock.set(t0 + GUEST_IDLE_MS + 10 * 24 * 60 * 60 * 1000 + 60_000);
    const runs = await Promise.all([deleteIdleGuests(cleanApp.db, cleanClock.now()), deleteIdleGuests(cleanApp.db, cleanClock.now())]);
    expect(runs.reduce<number>((n, r) => n + (r ?? 0), 0)).toBe(1);
    expect(await ids()).toEqual([holder.user_id, member.userId]);
    await checkLedgerInvariants(cleanApp.db);
  });
});
