import { api, type CallRef } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/query.js';
import { operators } from '../../src/db/schema.js';
import { hashSecret } from '../../src/domain/security/passwords.js';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { JPEG, PNG, balanceOf, createWalletApp, operatorWithRole, readyToWithdraw, requestDeposit, upload } from '../wallet/fixtures.js';

/**
 * The role of every operator call, each tried by every role. `session` = any signed-in
 * operator, also one whose TOTP enrolment is pending; a list = those roles (admin is always accepted).
 * A route missing here (another screen's, e.g. content) is held to the roles its guard declares.
 */
const EXPECTED: Record<string, 'session' | readonly ('admin' | 'finance' | 'support' | 'moderator')[]> = {
  'POST /api/admin/logout': 'session',
  'POST /api/admin/logoutAll': 'session',
  'POST /api/admin/me': 'session',
  'POST /api/admin/totpSetup': 'session',
  'POST /api/admin/totpEnable': 'session',
  'POST /api/admin/totpDisable': 'session',
  'POST /api/admin/operatorList': ['admin'],
  'POST /api/admin/operatorCreate': ['admin'],
  'POST /api/admin/operatorDisable': ['admin'],
  'POST /api/admin/operatorResetTotp': ['admin'],
  'POST /api/admin/auditList': ['admin'],
  'POST /api/admin/queueCounts': ['admin', 'finance', 'support'],
  'POST /api/admin/depositList': ['admin', 'finance'],
  'POST /api/admin/depositApprove': ['admin', 'finance'],
  'POST /api/admin/depositReject': ['admin', 'finance'],
  'POST /api/admin/withdrawList': ['admin', 'finance'],
  'POST /api/admin/withdrawRisk': ['admin', 'finance'],
  'POST /api/admin/withdrawApprove': ['admin', 'finance'],
  'POST /api/admin/withdrawReject': ['admin', 'finance'],
  'POST /api/admin/realNameList': ['admin', 'support'],
  'POST /api/admin/realNameApprove': ['admin', 'support'],
  'POST /api/admin/realNameReject': ['admin', 'support'],
  'GET /api/admin/file/:name': ['admin', 'finance', 'support'],
  'POST /api/admin/moneySummary': ['admin', 'finance'],
  'POST /api/admin/reconcile': ['admin', 'finance'],
  'POST /api/admin/userSearch': ['admin', 'finance', 'support'],
  'POST /api/admin/userDetail': ['admin', 'finance', 'support'],
  'POST /api/admin/userLedger': ['admin', 'finance', 'support'],
  'POST /api/admin/userBets': ['admin', 'finance', 'support'],
  'POST /api/admin/userRevealAccount': ['admin', 'finance', 'support'],
  'POST /api/admin/userFreeze': ['admin', 'support'],
  'POST /api/admin/userGift': ['admin', 'finance'],
  'POST /api/admin/userResetPassword': ['admin', 'support'],
  'POST /api/admin/userResetSecurityCode': ['admin', 'support'],
  'POST /api/admin/userAdjust': ['admin', 'finance'],
  'POST /api/admin/adjustmentList': ['admin', 'finance'],
  'POST /api/admin/adjustmentApprove': ['admin', 'finance'],
  'POST /api/admin/adjustmentReject': ['admin', 'finance'],
  'POST /api/admin/gameConfig': ['admin', 'finance', 'support'],
  'POST /api/admin/gameUpdate': ['admin'],
  'POST /api/admin/roomUpdate': ['admin'],
  'POST /api/admin/roundCurrent': ['admin', 'finance', 'support'],
  'POST /api/admin/roundList': ['admin', 'finance', 'support'],
  'POST /api/admin/roundBets': ['admin', 'finance', 'support'],
  'POST /api/admin/orderFind': ['admin', 'finance', 'support'],
  'POST /api/admin/settingsGet': ['admin', 'finance', 'support'],
  'POST /api/admin/settingsUpdate': ['admin'],
  'POST /api/admin/referralSettings': ['admin', 'finance'],
  'POST /api/admin/referralSettingsUpdate': ['admin'],
  'POST /api/admin/referralTree': ['admin', 'finance', 'support'],
  'POST /api/admin/referralReport': ['admin', 'finance'],
  'POST /api/admin/referralHeld': ['admin', 'finance'],
  'POST /api/admin/referralDecide': ['admin', 'finance'],
  'POST /api/admin/export/deposits': ['admin', 'finance'],
  'POST /api/admin/export/withdrawals': ['admin', 'finance'],
  'POST /api/admin/export/users': ['admin', 'finance', 'support'],
  'POST /api/admin/export/bets': ['admin', 'finance', 'support'],
  'POST /api/admin/export/rounds': ['admin', 'finance', 'support'],
  'POST /api/admin/export/ledger': ['admin', 'finance', 'support'],
  'POST /api/admin/export/moneyDays': ['admin', 'finance'],
  'POST /api/admin/export/audit': ['admin'],
  'POST /api/admin/chatRooms': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatMessages': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatRemove': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatMute': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatUnmute': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatMutes': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatRoomUpdate': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatClear': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatPin': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatUnpin': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatFilter': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatFilterUpdate': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatReports': ['admin', 'moderator', 'support'],
  'POST /api/admin/chatReportResolve': ['admin', 'moderator', 'support'],
};

/** Calls that end the caller's session: tried only for refusal, never with a token still needed. */
const ENDS_SESSION = new Set(['POST /api/admin/logout', 'POST /api/admin/logoutAll']);

const { app } = await createWalletApp();
const tokens = {
  admin: await operatorWithRole(app, 'admin'),
  finance: await operatorWithRole(app, 'finance'),
  support: await operatorWithRole(app, 'support'),
  moderator: await operatorWithRole(app, 'moderator'),
};
const player = await registerUser(app);

/** An operator who signed in with the password but has not enrolled TOTP yet (every role must). */
async function enrolmentPendingToken(instance: FastifyInstance, role: 'finance' | 'support' | 'moderator') {
  const username = `op_pending_${role}`;
  await instance.db.insert(operators).values({ username, role, passwordHash: await hashSecret('operator-pass-3') });
  const res = await callApi(instance, api.admin.login, { username, password: 'operator-pass-3' }, { ip: '10.77.0.9' });
  expect(res.data.operator).toMatchObject({ totp_required: true, totp_enabled: false });
  return res.data.token as string;
}
const pendings = [await enrolmentPendingToken(app, 'finance'), await enrolmentPendingToken(app, 'support'), await enrolmentPendingToken(app, 'moderator')];

const operatorRoutes = () => app.apiRoutes.filter((r) => r.url.startsWith('/api/admin/') && r.access !== 'public');

/** Calls a route with an empty input (a GET with a made-up file name): a guard answers before any check. */
function hit(route: { method: string; url: string }, token: string) {
  if (route.method === 'GET') return app.inject({ method: 'GET', url: `${route.url.replace(':name', 'a'.repeat(32) + '.png')}?lang=en`, headers: { token } });
  return app.inject({ method: 'POST', url: route.url, payload: { lang: 'en' }, headers: { token } });
}

const refusals = async (url: string, role: string) =>
  (
    await queryRows<{ n: number }>(
      app.db,
      sql`
    select count(*)::int as n from audit_log where action = 'operator.refused' and target_id = ${url} and detail->>'role' = ${role}`,
    )
  )[0]!.n;

describe('operator roles, call by call', () => {
  it('every operator call declares the roles this table expects', () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(EXPECTED).length);
    for (const key of Object.keys(EXPECTED)) {
      const route = routes.find((r) => `${r.method} ${r.url}` === key);
      expect(route, `${key} is registered`).toBeDefined();
      const expected = EXPECTED[key]!;
      if (expected === 'session') expect(route!.roles, key).toBeUndefined();
      else expect([...route!.roles!].sort(), key).toEqual([...expected].sort());
    }
  });

  it('each role is refused (403, audited) exactly where its role is not accepted, and let through elsewhere', async () => {
    for (const route of operatorRoutes()) {
      const key = `${route.method} ${route.url}`;
      const accepts = EXPECTED[key] ?? route.roles ?? 'session';
      for (const role of ['finance', 'support', 'moderator', 'admin'] as const) {
        const allowed = accepts === 'session' || accepts.includes(role);
        if (allowed && ENDS_SESSION.has(key)) continue;
        const before = await refusals(route.url, role);
        const res = await hit(route, tokens[role]);
        if (allowed) {
          expect(res.statusCode, `${role} on ${key}`).not.toBe(403);
          expect(res.statusCode, `${role} on ${key}`).not.toBe(401);
        } else {
          expect([res.statusCode, res.json().code, res.json().msg], `${role} on ${key}`).toEqual([403, 403, 'You do not have permission to do this']);
          expect(await refusals(route.url, role), `${role} on ${key} is audited`).toBe(before + 1);
        }
      }
    }
  });

  it('a player token and no token are refused with 401 on every operator call', async () => {
    for (const route of operatorRoutes()) {
      for (const token of [player.token, '']) {
        expect((await hit(route, token)).statusCode, `${route.method} ${route.url} with ${token ? 'a player token' : 'no token'}`).toBe(401);
      }
    }
  });

  it('an operator of any role whose TOTP enrolment is pending can only enrol, read itself and sign out', async () => {
    for (const pending of pendings) {
      for (const route of operatorRoutes()) {
        const key = `${route.method} ${route.url}`;
        const accepts = EXPECTED[key] ?? route.roles ?? 'session';
        if (accepts === 'session') {
          if (ENDS_SESSION.has(key)) continue;
          expect((await hit(route, pending)).statusCode, key).not.toBe(403);
        } else {
          const res = await hit(route, pending);
          expect([res.statusCode, res.json().msg], key).toEqual([403, 'Please set up two-factor authentication first']);
        }
      }
    }
  });
});

/** Which roles read each kind of private upload (docs/design.md#security: an operator whose role reviews that kind of file). */
const FILE_READERS = { idcard: ['admin', 'support'], recharge_screenshot: ['admin', 'finance'] } as const;
/** The two paths a file is read by: the one its URL names (players and operators), and the console's. */
const FILE_PATHS = ['/api/common/file/', '/api/admin/file/'] as const;

describe('private files, read by every role', () => {
  const views = async (name: string) =>
    (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from audit_log where action = 'upload.view' and target_id = ${name}`))[0]!.n;
  const read = (path: string, name: string, token?: string) => app.inject({ method: 'GET', url: `${path}${name}?lang=en`, headers: token ? { token } : {} });

  it('each role reads the kinds its work needs by either path, each view audited; other roles 403', async () => {
    const owner = await registerUser(app);
    for (const [kind, readers] of Object.entries(FILE_READERS)) {
      const name = (await upload(app, owner.token, { data: kind === 'idcard' ? PNG : JPEG, filename: 'f.png' }, { type: kind })).data.name as string;
      for (const path of FILE_PATHS) {
        for (const role of ['admin', 'finance', 'support', 'moderator'] as const) {
          const before = await views(name);
          const res = await read(path, name, tokens[role]);
          const allowed = (readers as readonly string[]).includes(role);
          expect(res.statusCode, `${role} reads ${kind} by ${path}`).toBe(allowed ? 200 : 403);
          expect(await views(name), `${role} reads ${kind} by ${path}: audited`).toBe(before + (allowed ? 1 : 0));
        }
      }
    }
  });

  it('an operator whose TOTP enrolment is pending reads no file, by either path (403, audited, no view)', async () => {
    const owner = await registerUser(app);
    for (const kind of Object.keys(FILE_READERS)) {
      const name = (await upload(app, owner.token, { data: PNG, filename: 'f.png' }, { type: kind })).data.name as string;
      for (const path of FILE_PATHS) {
        for (const pending of pendings) {
          const url = `${path}:name`;
          const before = (
            await queryRows<{ n: number }>(
              app.db,
              sql`
            select count(*)::int as n from audit_log where action = 'operator.refused' and target_id = ${url} and detail->>'reason' = 'totp_enrolment'`,
            )
          )[0]!.n;
          const res = await read(path, name, pending);
          expect([res.statusCode, res.json().msg], `${kind} by ${path}`).toEqual([403, 'Please set up two-factor authentication first']);
          const after = (
            await queryRows<{ n: number }>(
              app.db,
              sql`
            select count(*)::int as n from audit_log where action = 'operator.refused' and target_id = ${url} and detail->>'reason' = 'totp_enrolment'`,
            )
          )[0]!.n;
          expect(after, `${kind} by ${path}: the refusal is audited`).toBe(before + 1);
        }
      }
      expect(await views(name)).toBe(0);
    }
  });

  it('a player reads only their own files, and only by the path their URL names; no token is 401', async () => {
    const owner = await registerUser(app);
    const other = await registerUser(app);
    const name = (await upload(app, owner.token, { data: PNG, filename: 'f.png' }, { type: 'idcard' })).data.name as string;
    expect((await read(FILE_PATHS[0], name, owner.token)).statusCode).toBe(200);
    expect((await read(FILE_PATHS[0], name, other.token)).statusCode).toBe(404);
    expect((await read(FILE_PATHS[1], name, owner.token)).statusCode).toBe(401);
    for (const path of FILE_PATHS) expect((await read(path, name)).statusCode, path).toBe(401);
  });
});

describe('the business rules behind the roles', () => {
  it('support cannot approve or reject money nor gift: the deposit stays pending and no balance moves', async () => {
    const user = await registerUser(app);
    const depositId = await requestDeposit(app, user.token, '80');
    const w = await readyToWithdraw(app, 20_000);
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: w.token })).code).toBe(1);
    const withdrawal = (await callApi(app, api.admin.withdrawList, {}, { token: tokens.finance })).data.find((r: any) => r.user_id === w.userId);
    const tries: [CallRef, Record<string, unknown>][] = [
      [api.admin.depositApprove, { id: depositId }],
      [api.admin.depositReject, { id: depositId, reason: 'no' }],
      [api.admin.withdrawApprove, { id: withdrawal!.id }],
      [api.admin.withdrawReject, { id: withdrawal!.id, reason: 'no' }],
      [api.admin.userGift, { id: user.userId, amount: '50', reason: 'bonus' }],
    ];
    for (const [ref, body] of tries) expect((await rawCall(app, ref, body, { token: tokens.support })).status, ref.name).toBe(403);
    const [d] = await queryRows<{ status: number }>(app.db, sql`select status from deposits where id = ${depositId}`);
    const [wd] = await queryRows<{ status: number }>(app.db, sql`select status from withdrawals where id = ${withdrawal!.id}`);
    expect([d!.status, wd!.status]).toEqual([0, 0]);
    expect((await balanceOf(app, user.userId)).money).toBe(0);
    expect((await balanceOf(app, w.userId)).money).toBe(10_000);
  });

  it('finance cannot change odds, games, settings or operators: nothing changes', async () => {
    const config = (await callApi(app, api.admin.gameConfig, {}, { token: tokens.finance })).data;
    const room = config.games[0]!.rooms[0];
    const edit = {
      id: room!.id,
      title: { zh: 'x', tw: 'x', en: 'x', vi: 'x' },
      min_limit: room!.min_limit,
      join_limit: room!.join_limit,
      enabled: true,
      odds: room!.odds
        .filter((o: any) => o.enabled)
        .map((o: any) => ({ class: o.class, odds: o.odds, odds_special: o.odds_special, min: o.min, max: '1.00', enabled: true })),
    };
    const operatorsBefore = (await callApi(app, api.admin.operatorList, {}, { token: tokens.admin })).data;
    const victim = operatorsBefore.find((o: any) => o.role === 'support');
    const settings = (await callApi(app, api.admin.settingsGet, {}, { token: tokens.finance })).data;
    const tries: [CallRef, Record<string, unknown>][] = [
      [api.admin.roomUpdate, edit],
      [api.admin.gameUpdate, { id: config.games[0]!.id, enabled: false }],
      [api.admin.operatorCreate, { username: 'sneaky_op', password: 'A-strong-pass-9', role: 'admin' }],
      [api.admin.operatorDisable, { id: victim!.id, disabled: true }],
      [api.admin.operatorResetTotp, { id: victim!.id }],
      [api.admin.settingsUpdate, { ...settings, version_label: 'hacked' }],
    ];
    for (const [ref, body] of tries) expect((await rawCall(app, ref, body, { token: tokens.finance })).status, ref.name).toBe(403);
    expect((await callApi(app, api.admin.gameConfig, {}, { token: tokens.admin })).data).toEqual(config);
    expect((await callApi(app, api.admin.operatorList, {}, { token: tokens.admin })).data).toEqual(operatorsBefore);
    expect((await callApi(app, api.admin.settingsGet, {}, { token: tokens.admin })).data).toEqual(settings);
  });
});
