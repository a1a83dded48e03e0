import { api, pathOf } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INVARIANT_NAMES } from '@lucky28/shared';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { totpAt } from '../../src/domain/operators/totp.js';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { OPERATOR_PASSWORD, TEST_TOTP_SECRET, balanceOf, createWalletApp, operatorLogin, operatorWithRole, requestDeposit } from '../wallet/fixtures.js';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 2, 0, 0));
const { app } = await createWalletApp({ clock });

/** Every operator call except login. */
const ADMIN_CALLS = [
  api.admin.logout,
  api.admin.logoutAll,
  api.admin.me,
  api.admin.totpSetup,
  api.admin.totpEnable,
  api.admin.totpDisable,
  api.admin.operatorList,
  api.admin.operatorCreate,
  api.admin.operatorDisable,
  api.admin.operatorResetTotp,
  api.admin.auditList,
  api.admin.depositList,
  api.admin.depositApprove,
  api.admin.depositReject,
  api.admin.withdrawList,
  api.admin.withdrawApprove,
  api.admin.withdrawReject,
  api.admin.realNameList,
  api.admin.realNameApprove,
  api.admin.realNameReject,
  api.admin.reconcile,
];

describe('operator login and sessions', () => {
  it('the seeded first operator logs in, can only enrol TOTP until it has, and enrolment needs the password', async () => {
    const res = await callApi(app, api.admin.login, { username: 'admin', password: OPERATOR_PASSWORD }, { ip: '10.70.0.1' });
    expect(res.code).toBe(1);
    const token = res.data.token;
    expect(token).toMatch(/^op_[\w-]{43}$/);
    expect(res.data.operator).toMatchObject({ username: 'admin', role: 'admin', totp_enabled: false, totp_required: true });
    expect(res.data.operator).not.toHaveProperty('password_hash');
    expect((await callApi(app, api.admin.me, {}, { token })).data.username).toBe('admin');
    // Anything but enrolment is refused (403), and the refusal is audited.
    const refused = await callApi(app, api.admin.operatorList, {}, { token });
    expect([refused.status, refused.msg]).toEqual([403, 'Please set up two-factor authentication first']);
    const [row] = await queryRows<{ detail: any; target_id: string }>(
      app.db,
      sql`
      select detail, target_id from audit_log where action = 'operator.refused' order by id desc limit 1`,
    );
    expect(row).toMatchObject({ target_id: api.admin.operatorList.path, detail: { reason: 'totp_enrolment', role: 'admin' } });
    const setup = await callApi(app, api.admin.totpSetup, {}, { token });
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const otp = totpAt(setup.data.secret, clock.now());
    expect((await rawCall(app, api.admin.totpEnable, { secret: setup.data.secret, otp }, { token })).field).toBe('password');
    const wrongPw = await callApi(app, api.admin.totpEnable, { secret: setup.data.secret, otp, password: 'not-my-password' }, { token });
    expect([wrongPw.msg, wrongPw.field]).toEqual(['Current password is incorrect', 'password']);
    expect((await callApi(app, api.admin.totpEnable, { secret: setup.data.secret, otp, password: OPERATOR_PASSWORD }, { token })).code).toBe(1);
    expect((await callApi(app, api.admin.operatorList, {}, { token })).code).toBe(1);
    // admin may not switch TOTP off again.
    clock.advance(30_000);
    expect((await callApi(app, api.admin.totpDisable, { otp: totpAt(setup.data.secret, clock.now()) }, { token })).msg).toBe(
      'Two-factor authentication is mandatory for this role',
    );
    // The secret is stored sealed, never in clear.
    const [stored] = await queryRows<{ totp_secret: string }>(app.db, sql`select totp_secret from operators where username = 'admin'`);
    expect(stored!.totp_secret).toMatch(/^v1:/);
    expect(stored!.totp_secret).not.toContain(setup.data.secret);
    // Later sign-ins need a fresh code.
    const again = await callApi(app, api.admin.login, { username: 'admin', password: OPERATOR_PASSWORD }, { ip: '10.70.0.1' });
    expect(again.field).toBe('otp');
    clock.advance(30_000);
    const ok = await callApi(
      app,
      api.admin.login,
      { username: 'admin', password: OPERATOR_PASSWORD, otp: totpAt(setup.data.secret, clock.now()) },
      { ip: '10.70.0.1' },
    );
    expect(ok.code).toBe(1);
    // Tests after this one open admin sessions through the fixture, which enrols with TEST_TOTP_SECRET.
    await app.db.execute(sql`update operators set totp_secret = null, totp_last_step = null where username = 'admin'`);
    expect(TEST_TOTP_SECRET).toHaveLength(32);
  });

  it('audits failed sign-ins with the name tried and the reason', async () => {
    await callApi(app, api.admin.login, { username: 'admin', password: 'wrong-password' }, { ip: '10.70.0.7' });
    await callApi(app, api.admin.login, { username: 'nobody_here', password: 'wrong-password' }, { ip: '10.70.0.7' });
    const rows = await queryRows<{ operator_id: number | null; detail: any; ip: string }>(
      app.db,
      sql`
      select operator_id, detail, ip from audit_log where action = 'operator.login_failed' and ip = '10.70.0.7' order by id`,
    );
    expect(rows.map((r) => [r.operator_id !== null, r.detail.username, r.detail.reason])).toEqual([
      [true, 'admin', 'password'],
      [false, 'nobody_here', 'password'],
    ]);
  });

  it('sign out everywhere ends every session of the operator', async () => {
    const a = await operatorLogin(app);
    const b = await operatorLogin(app);
    const res = await callApi(app, api.admin.logoutAll, {}, { token: a });
    expect(res.code).toBe(1);
    expect(res.data.sessions).toBeGreaterThanOrEqual(2);
    expect((await callApi(app, api.admin.me, {}, { token: a })).status).toBe(401);
    expect((await callApi(app, api.admin.me, {}, { token: b })).status).toBe(401);
  });

  it('refuses a wrong password alike for known and unknown names, and locks out per account and IP', async () => {
    const ip = '10.70.0.2';
    const wrong = await callApi(app, api.admin.login, { username: 'admin', password: 'nope-nope' }, { ip });
    expect(wrong.msg).toBe('Incorrect username or password');
    expect((await callApi(app, api.admin.login, { username: 'ghost', password: 'nope-nope' }, { ip })).msg).toBe('Incorrect username or password');
    expect((await rawCall(app, api.admin.login, {}, { ip })).msg).toBe('Please enter username');
    for (let i = 0; i < 5; i++) await callApi(app, api.admin.login, { username: 'admin', password: 'nope-nope' }, { ip });
    const locked = await callApi(app, api.admin.login, { username: 'admin', password: OPERATOR_PASSWORD }, { ip });
    expect(locked.msg).toMatch(/^Too many attempts/);
    // An attacker elsewhere cannot lock the real operator out: the password is accepted and the code asked for.
    expect((await callApi(app, api.admin.login, { username: 'admin', password: OPERATOR_PASSWORD }, { ip: '10.70.0.3' })).field).toBe('otp');
  });

  it("a player's token never opens /api/admin, and an operator token never works as a player", async () => {
    const player = await registerUser(app);
    for (const ref of ADMIN_CALLS) {
      const res = await rawCall(app, ref, { id: 1 }, { token: player.token });
      expect(res.status, ref.name).toBe(401);
      expect(res.code, ref.name).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: pathOf(api.admin.file, { name: 'a'.repeat(32) }), headers: { token: player.token } })).statusCode).toBe(401);
    const op = await operatorLogin(app);
    for (const ref of [api.user.userInfo, api.wallet.quantityLogList, api.wallet.withdrawInfo, api.wallet.recharge]) {
      expect((await rawCall(app, ref, {}, { token: op })).status, ref.name).toBe(401);
    }
    expect((await callApi(app, api.admin.me, {})).status).toBe(401);
  });

  it('sessions end on logout and after 30 idle minutes', async () => {
    const a = await operatorLogin(app);
    expect((await callApi(app, api.admin.logout, {}, { token: a })).code).toBe(1);
    expect((await callApi(app, api.admin.me, {}, { token: a })).status).toBe(401);
    const b = await operatorLogin(app);
    clock.advance(29 * 60 * 1000);
    expect((await callApi(app, api.admin.me, {}, { token: b })).code).toBe(1);
    clock.advance(31 * 60 * 1000);
    expect((await callApi(app, api.admin.me, {}, { token: b })).status).toBe(401);
  });

  it('a session in steady use still ends 12 hours after sign-in', async () => {
    const token = await operatorLogin(app);
    for (let minutes = 0; minutes < 12 * 60 - 25; minutes += 25) {
      clock.advance(25 * 60 * 1000);
      expect((await callApi(app, api.admin.me, {}, { token })).code, `after ${minutes + 25} minutes`).toBe(1);
    }
    clock.advance(25 * 60 * 1000);
    expect((await callApi(app, api.admin.me, {}, { token })).status).toBe(401);
  });

  it('a disabled operator can neither log in nor use an open session', async () => {
    const token = await operatorWithRole(app, 'support');
    const me = await callApi(app, api.admin.me, {}, { token });
    await app.db.execute(sql`update operators set disabled = true where id = ${me.data.id}`);
    expect((await callApi(app, api.admin.me, {}, { token })).status).toBe(401);
    expect((await callApi(app, api.admin.login, { username: me.data.username, password: 'operator-pass-2' }, { ip: '10.70.0.9' })).msg).toBe(
      'This account is disabled, please contact customer service',
    );
  });
});

describe('roles', () => {
  it('only admins create operators, list them and read the audit trail', async () => {
    const admin = await operatorLogin(app);
    const created = await callApi(app, api.admin.operatorCreate, { username: 'fin_anna', password: 'anna-pass-123', role: 'finance' }, { token: admin });
    expect(created.code).toBe(1);
    expect(created.data).toMatchObject({ username: 'fin_anna', role: 'finance' });
    expect((await callApi(app, api.admin.operatorCreate, { username: 'FIN_ANNA', password: 'anna-pass-123', role: 'finance' }, { token: admin })).msg).toBe(
      'This username is already taken',
    );
    expect((await callApi(app, api.admin.operatorCreate, { username: 'sup_bob', password: 'bob-pass-123', role: 'root' }, { token: admin })).msg).toBe(
      'Role must be admin, finance or support',
    );
    const common = await callApi(app, api.admin.operatorCreate, { username: 'sup_carl', password: 'password123', role: 'support' }, { token: admin });
    expect(common).toMatchObject({ code: 0, field: 'password', msg: 'This password is one of the most commonly used, please choose another' });
    const same = await callApi(app, api.admin.operatorCreate, { username: 'sup_carl1', password: 'SUP_CARL1', role: 'support' }, { token: admin });
    expect(same).toMatchObject({ code: 0, field: 'password', msg: 'The password must not be the same as the username' });
    expect((await callApi(app, api.admin.operatorList, {}, { token: admin })).data.map((o: any) => o.username)).not.toContain('sup_carl');
    const anna = await operatorLogin(app, 'fin_anna', 'anna-pass-123');
    for (const ref of [api.admin.operatorCreate, api.admin.operatorList, api.admin.auditList, api.admin.operatorDisable, api.admin.operatorResetTotp]) {
      const res = await rawCall(app, ref, { id: 1, disabled: true, username: 'x_sneaky', password: 'sneaky-pass-1', role: 'admin' }, { token: anna });
      expect(res.status, ref.name).toBe(403);
    }
    const refusals = await queryRows<{ n: number }>(
      app.db,
      sql`
      select count(*)::int as n from audit_log a join operators o on o.id = a.operator_id
      where o.username = 'fin_anna' and a.action = 'operator.refused' and a.detail->>'reason' = 'role'`,
    );
    expect(refusals[0]!.n).toBe(5);
    expect((await callApi(app, api.admin.operatorList, {}, { token: admin })).data.map((o: any) => o.username)).toContain('fin_anna');
    const trail = await callApi(app, api.admin.auditList, { action: 'operator.create' }, { token: admin });
    expect(trail.data.list.find((a: any) => a.action === 'operator.create')).toMatchObject({
      username: 'admin',
      target_type: 'operator',
      detail: { after: { username: 'fin_anna', role: 'finance' } },
    });
    expect(trail.data.list.every((a: any) => a.action === 'operator.create')).toBe(true);
    const byAnna = await callApi(app, api.admin.auditList, { operator: 'fin_anna', action: 'operator.refused' }, { token: admin });
    expect(byAnna.data.total).toBe(5);
    const future = await callApi(app, api.admin.auditList, { begin_date: '2099-01-01' }, { token: admin });
    expect(future.data).toEqual({ total: 0, list: [] });
    expect((await callApi(app, api.admin.auditList, { begin_date: '2026-13-01' }, { token: admin })).field).toBe('begin_date');
  });

  it('an admin disables and re-enables an operator (sessions end) and resets a TOTP (next sign-in enrols again)', async () => {
    const admin = await operatorLogin(app);
    const adminId = (await callApi(app, api.admin.me, {}, { token: admin })).data.id;
    const fin = await operatorWithRole(app, 'finance');
    const finMe = (await callApi(app, api.admin.me, {}, { token: fin })).data;
    expect(finMe.totp_enabled).toBe(true);
    expect((await callApi(app, api.admin.operatorDisable, { id: adminId, disabled: true }, { token: admin })).msg).toBe(
      'You cannot do this to your own account',
    );
    const off = await callApi(app, api.admin.operatorDisable, { id: finMe.id, disabled: true }, { token: admin });
    expect(off.data.disabled).toBe(true);
    expect((await callApi(app, api.admin.me, {}, { token: fin })).status).toBe(401);
    expect((await callApi(app, api.admin.operatorDisable, { id: finMe.id, disabled: false }, { token: admin })).data.disabled).toBe(false);
    const reset = await callApi(app, api.admin.operatorResetTotp, { id: finMe.id }, { token: admin });
    expect(reset.data.totp_enabled).toBe(false);
    const relogin = await callApi(app, api.admin.login, { username: finMe.username, password: 'operator-pass-2' }, { ip: '10.70.1.1' });
    expect(relogin.data.operator).toMatchObject({ totp_enabled: false, totp_required: true });
    expect((await callApi(app, api.admin.depositList, {}, { token: relogin.data.token })).status).toBe(403);
    const trail = await callApi(app, api.admin.auditList, { target_type: 'operator', target_id: String(finMe.id) }, { token: admin });
    expect(trail.data.list.map((a: any) => a.action)).toEqual(expect.arrayContaining(['operator.disable', 'operator.enable', 'operator.totp_reset']));
    expect(trail.data.list.find((a: any) => a.action === 'operator.disable')!.detail).toEqual({ before: { disabled: false }, after: { disabled: true } });
    expect((await callApi(app, api.admin.operatorResetTotp, { id: 99999 }, { token: admin })).msg).toBe('Not found');
  });
});

describe('audit trail', () => {
  it('is append-only in the database itself', async () => {
    await operatorLogin(app);
    await expect(app.db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toThrow();
    await expect(app.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    // The database's own refusal (the trigger), not some other failure.
    expect(
      await app.db.execute(sql`truncate audit_log`).then(
        () => 'truncated',
        (e) => String(e.cause?.message ?? e.message),
      ),
    ).toMatch(/append-only/);
    const rows = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from audit_log where action = 'nothing'`);
    expect(rows[0]!.n).toBe(0);
  });

  it('is written in the same transaction as the action: when the record fails, the action does not happen', async () => {
    const admin = await operatorLogin(app);
    const user = await registerUser(app);
    const id = await requestDeposit(app, user.token, '70');
    await app.db.execute(sql`
      create function refuse_deposit_audit() returns trigger language plpgsql as $$
      begin if new.action = 'deposit.approve' then raise exception 'audit store unavailable'; end if; return new; end; $$`);
    await app.db.execute(sql`create trigger refuse_deposit_audit before insert on audit_log for each row execute function refuse_deposit_audit()`);
    try {
      const res = await callApi(app, api.admin.depositApprove, { id }, { token: admin });
      expect(res.status).toBe(500);
      expect((await balanceOf(app, user.userId)).money).toBe(0);
      const [d] = await queryRows<{ status: number }>(app.db, sql`select status from deposits where id = ${id}`);
      expect(d!.status).toBe(0);
    } finally {
      await app.db.execute(sql`drop trigger refuse_deposit_audit on audit_log`);
    }
    expect((await callApi(app, api.admin.depositApprove, { id }, { token: admin })).code).toBe(1);
    expect((await balanceOf(app, user.userId)).money).toBe(7_000);
  });
});

describe('TOTP second factor', () => {
  it('enrols with a working code, then login needs a fresh code that cannot be replayed', async () => {
    const ip = '10.71.0.1';
    const create = await callApi(
      app,
      api.admin.operatorCreate,
      { username: 'sup_totp', password: 'totp-pass-123', role: 'support' },
      { token: await operatorLogin(app) },
    );
    expect(create.code).toBe(1);
    // A support operator must enrol too: its first sessions can only do that.
    const signIn = async () => (await callApi(app, api.admin.login, { username: 'sup_totp', password: 'totp-pass-123' }, { ip })).data;
    const [firstIn, secondIn] = [await signIn(), await signIn()];
    expect(firstIn.operator).toMatchObject({ role: 'support', totp_required: true, totp_enabled: false });
    const [first, second] = [firstIn.token as string, secondIn.token as string];
    expect((await callApi(app, api.admin.userSearch, { q: 'x' }, { token: first })).msg).toBe('Please set up two-factor authentication first');
    const setup = await callApi(app, api.admin.totpSetup, {}, { token: first });
    const secret: string = setup.data.secret;
    expect(setup.data.otpauth_url).toContain(`secret=${secret}`);
    const password = 'totp-pass-123';
    expect((await callApi(app, api.admin.totpEnable, { secret, otp: '000000', password }, { token: first })).msg).toBe('Incorrect verification code');
    expect((await callApi(app, api.admin.totpEnable, { secret, otp: totpAt(secret, clock.now()), password }, { token: first })).code).toBe(1);
    // Enabling ends the operator's other sessions.
    expect((await callApi(app, api.admin.me, {}, { token: second })).status).toBe(401);
    expect((await callApi(app, api.admin.me, {}, { token: first })).data.totp_enabled).toBe(true);
    expect((await callApi(app, api.admin.totpSetup, {}, { token: first })).msg).toBe('Two-factor authentication is already enabled');

    const login = (otp?: string) => callApi(app, api.admin.login, { username: 'sup_totp', password: 'totp-pass-123', ...(otp ? { otp } : {}) }, { ip });
    expect((await login()).msg).toBe('Please enter the 6-digit code from your authenticator app');
    // The code used to enrol cannot log in (same step).
    expect((await login(totpAt(secret, clock.now()))).msg).toBe('Incorrect verification code');
    clock.advance(30_000);
    const code = totpAt(secret, clock.now());
    expect((await login(code)).code).toBe(1);
    expect((await login(code)).msg).toBe('Incorrect verification code');
    clock.advance(30_000);
    const token = (await login(totpAt(secret, clock.now()))).data.token;
    clock.advance(30_000);
    // Every role must keep its second factor: turning it off is refused.
    expect((await callApi(app, api.admin.totpDisable, { otp: totpAt(secret, clock.now()) }, { token })).msg).toBe(
      'Two-factor authentication is mandatory for this role',
    );
    expect((await login()).msg).toBe('Please enter the 6-digit code from your authenticator app');
    const actions = await queryRows<{ action: string }>(
      app.db,
      sql`
      select a.action from audit_log a join operators o on o.id = a.operator_id where o.username = 'sup_totp' and a.action like 'operator.totp%' order by a.id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['operator.totp_enable']);
  });
});

describe('reconciliation', () => {
  it('reports no discrepancy on consistent books and names a tampered balance', async () => {
    const finance = await operatorWithRole(app, 'finance');
    const clean = await callApi(app, api.admin.reconcile, {}, { token: finance });
    expect(clean.data).toEqual({ ok: true, invariants: INVARIANT_NAMES.map((name) => ({ name, count: 0, examples: [] })), problems: [] });
    const user = await registerUser(app);
    await app.db.execute(sql`update users set money = money + 1 where id = ${user.userId}`);
    const dirty = await callApi(app, api.admin.reconcile, {}, { token: finance });
    expect(dirty.data.ok).toBe(false);
    const tampered = { userId: user.userId, problem: 'money_vs_ledger', detail: { money: 1, ledger: 0 } };
    expect(dirty.data.invariants[0]).toEqual({ name: 'I1_balance_equals_ledger', count: 1, examples: [tampered] });
    // The balance no longer ends the player's ledger chain either; nothing else is wrong.
    const chain = (balance: number, unbalanced: number) => ({ userId: user.userId, problem: 'running_balance', detail: { balance, unbalanced } });
    expect(dirty.data.problems).toEqual([tampered, chain(0, -1), chain(1, 1)]);
    await app.db.execute(sql`update users set money = money - 1 where id = ${user.userId}`);
  });
});
