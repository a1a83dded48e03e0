/**
 * Every secret a caller types is checked under the one lockout rule (domain/security/lockout.ts).
 * The routes that take a secret are found in the route table, not listed by hand: every field of a
 * route's declared input whose name says password, code, one-time password or secret. Each such
 * field either sets a new secret (SETS), is a random bearer code nobody can guess (NOT_GUESSABLE),
 * is named like one but holds none (NOT_SECRET),
 * or is a secret checked against a stored one — and then it must have an ATTACKS entry, which is run:
 * 25 wrong attempts sent at once by one caller get at most the policy's free attempts checked and
 * the rest refused with 429 before any check, under the right key (a signed-in caller: the user,
 * whatever the address; a sign-in: the account and the address). So a new route with a secret
 * field fails here until its check is under the lockout and shown to be.
 * Request rate limits are off, so that only the lockout answers 429.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OPERATOR_ROLES, TOTP_REQUIRED_ROLES } from '@lucky28/shared';
import { operators } from '../../src/db/schema.js';
import { queryRows } from '../../src/db/query.js';
import { inputJsonSchema } from '../../src/http/bodyLimit.js';
import { LOGIN_LOCKOUT, SECURITY_CODE_LOCKOUT, type LockoutPolicy } from '../../src/domain/security/lockout.js';
import { hashSecret } from '../../src/domain/security/passwords.js';
import { totpAt } from '../../src/domain/operators/totp.js';
import { createTestApp, registerUser, uniqueName, type Envelope, callApi, rawCall } from '../helpers.js';
import { OPERATOR_PASSWORD, TEST_TOTP_SECRET, operatorWithRole, readyToWithdraw } from '../wallet/fixtures.js';

const app = await createTestApp({ rateLimits: { login: false, register: false, secret: false, upload: false, bet: false } });

/** A field name that carries a secret. */
const SECRET_NAME = /pass|pwd|code|otp|secret|pin/i;

/** Fields that carry a new secret being chosen, checked against nothing stored. */
const SETS: Record<string, readonly string[]> = {
  'POST /api/user/register': ['password', 'repassword'],
  // A guest choosing its member password (its session already proves who it is).
  'POST /api/user/guestUpgrade': ['password', 'repassword'],
  'POST /api/user/newPass': ['new_pass', 'confirm_pass'],
  'POST /api/user/setSafety': ['new_code'],
  'POST /api/admin/operatorCreate': ['password'],
  'POST /api/admin/totpEnable': ['secret'],
};

/** Random single-use codes: a lockout would protect nothing a guess could reach. */
const NOT_GUESSABLE: Record<string, readonly string[]> = {
  // 256 random bits, valid one minute, and only the chat system holding the service key may redeem one.
  'POST /api/support/redeem': ['code'],
};

/** Fields whose name says "code" but that hold no secret at all. */
const NOT_SECRET: Record<string, readonly string[]> = {
  // Why a balance is adjusted (gift_reversal, chargeback, ...): a choice from a list.
  'POST /api/admin/userAdjust': ['reason_code'],
};

type Answer = Envelope & { status: number };

interface Attack {
  policy: LockoutPolicy;
  /** 'user': a signed-in caller's check, locked per user; 'account+ip': a sign-in, locked per account and address. */
  key: 'user' | 'account+ip';
  /**
   * Makes a victim and answers how to send one attempt with a wrong (well-formed) secret, every other
   * field right, and how a checked wrong attempt is refused. `unreachable`: no caller that can exist
   * gets to the check; every attempt gets this refusal instead (no answer tells anything of the secret).
   */
  prepare: () => Promise<{ attempt: (ip: string) => Promise<Answer>; refused: (a: Answer) => boolean; unreachable?: string }>;
}

const ip = (n: number) => `198.51.100.${n}`;
const msgIs = (msg: string) => (a: Answer) => a.msg === msg;

/** An operator account with a session: enrolled in TOTP (TEST_TOTP_SECRET) unless `pending`. */
async function operatorSession(role: (typeof OPERATOR_ROLES)[number], pending = false) {
  if (!pending) return operatorWithRole(app, role);
  const username = uniqueName('op');
  await app.db.insert(operators).values({ username, role, passwordHash: await hashSecret(OPERATOR_PASSWORD) });
  const res = await callApi(app, api.admin.login, { username, password: OPERATOR_PASSWORD }, { ip: ip(250) });
  if (res.code !== 1) throw new Error(`operator login failed: ${JSON.stringify(res)}`);
  return res.data.token as string;
}

/** A six-digit code that is not valid for `secret` now (nor in the accepted window around now). */
function wrongOtp(secret: string): string {
  const now = app.clock.now();
  const valid = new Set([-30_000, 0, 30_000].map((d) => totpAt(secret, now + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

const ATTACKS: Record<string, Attack> = {
  'POST /api/user/login password': {
    policy: LOGIN_LOCKOUT,
    key: 'account+ip',
    prepare: async () => {
      const u = await registerUser(app);
      return {
        attempt: (from) => callApi(app, api.user.login, { account: u.username, password: 'wrong-password-1' }, { ip: from }),
        refused: msgIs('Incorrect username or password'),
      };
    },
  },
  'POST /api/user/newPass after_pass': {
    policy: LOGIN_LOCKOUT,
    key: 'user',
    prepare: async () => {
      const u = await registerUser(app);
      return {
        attempt: (from) =>
          callApi(
            app,
            api.user.newPass,
            { after_pass: 'wrong-password-1', new_pass: 'another-pass-77', confirm_pass: 'another-pass-77' },
            { token: u.token, ip: from },
          ),
        refused: msgIs('Current password is incorrect'),
      };
    },
  },
  'POST /api/user/takeBreak password': {
    policy: LOGIN_LOCKOUT,
    key: 'user',
    prepare: async () => {
      const u = await registerUser(app);
      return {
        attempt: (from) =>
          callApi(app, api.protection.takeBreak, { kind: 'self_exclusion', duration: '6m', password: 'wrong-password-1' }, { token: u.token, ip: from }),
        refused: msgIs('The password is not correct'),
      };
    },
  },
  'POST /api/user/setSafety after_code': {
    policy: SECURITY_CODE_LOCKOUT,
    key: 'user',
    prepare: async () => {
      const u = await readyToWithdraw(app, 0);
      return {
        attempt: (from) => callApi(app, api.user.setSafety, { new_code: '111111', after_code: '654321' }, { token: u.token, ip: from }),
        refused: msgIs('Current security code is incorrect'),
      };
    },
  },
  'POST /api/user/withdrawAction securityCode': {
    policy: SECURITY_CODE_LOCKOUT,
    key: 'user',
    prepare: async () => {
      const u = await readyToWithdraw(app, 50_000);
      return {
        attempt: (from) => callApi(app, api.wallet.withdrawAction, { type: 1, money: '100', securityCode: '000000' }, { token: u.token, ip: from }),
        refused: msgIs('Incorrect security code'),
      };
    },
  },
  // Saving a payout account asks for the security code as well (the same check as a withdrawal).
  'POST /api/user/setPayInfo securityCode': {
    policy: SECURITY_CODE_LOCKOUT,
    key: 'user',
    prepare: async () => {
      const u = await readyToWithdraw(app, 0);
      return {
        attempt: (from) =>
          callApi(
            app,
            api.user.setPayInfo,
            { type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', acc_name: 'trc20', securityCode: '000000' },
            { token: u.token, ip: from },
          ),
        refused: (a) => a.field === 'securityCode',
      };
    },
  },
  'POST /api/admin/login password': {
    policy: LOGIN_LOCKOUT,
    key: 'account+ip',
    prepare: async () => {
      const username = uniqueName('op');
      await app.db.insert(operators).values({ username, role: 'support', passwordHash: await hashSecret(OPERATOR_PASSWORD) });
      return {
        attempt: (from) => callApi(app, api.admin.login, { username, password: 'wrong-password-1' }, { ip: from }),
        refused: msgIs('Incorrect username or password'),
      };
    },
  },
  'POST /api/admin/login otp': {
    policy: LOGIN_LOCKOUT,
    key: 'account+ip',
    prepare: async () => {
      const username = uniqueName('op');
      await app.db.insert(operators).values({ username, role: 'support', passwordHash: await hashSecret('operator-pass-2') });
      const first = await callApi(app, api.admin.login, { username, password: 'operator-pass-2' }, { ip: ip(251) });
      const enrol = await callApi(
        app,
        api.admin.totpEnable,
        { password: 'operator-pass-2', secret: TEST_TOTP_SECRET, otp: totpAt(TEST_TOTP_SECRET, app.clock.now()) },
        { token: first.data.token },
      );
      if (enrol.code !== 1) throw new Error(`TOTP enrolment failed: ${JSON.stringify(enrol)}`);
      const otp = wrongOtp(TEST_TOTP_SECRET);
      return {
        attempt: (from) => callApi(app, api.admin.login, { username, password: 'operator-pass-2', otp }, { ip: from }),
        refused: msgIs('Incorrect verification code'),
      };
    },
  },
  'POST /api/admin/totpEnable password': {
    policy: LOGIN_LOCKOUT,
    key: 'user',
    prepare: async () => {
      const token = await operatorSession('support', true);
      return {
        attempt: (from) =>
          callApi(
            app,
            api.admin.totpEnable,
            { password: 'wrong-password-1', secret: TEST_TOTP_SECRET, otp: totpAt(TEST_TOTP_SECRET, app.clock.now()) },
            { token, ip: from },
          ),
        refused: msgIs('Current password is incorrect'),
      };
    },
  },
  'POST /api/admin/totpEnable otp': {
    policy: LOGIN_LOCKOUT,
    key: 'user',
    prepare: async () => {
      const token = await operatorSession('support', true);
      return {
        attempt: (from) =>
          callApi(app, api.admin.totpEnable, { password: OPERATOR_PASSWORD, secret: TEST_TOTP_SECRET, otp: wrongOtp(TEST_TOTP_SECRET) }, { token, ip: from }),
        refused: msgIs('Incorrect verification code'),
      };
    },
  },
  'POST /api/admin/totpDisable otp': {
    policy: LOGIN_LOCKOUT,
    key: 'user',
    prepare: async () => {
      // Today every role must keep TOTP: the code is never checked, the role refused first.
      const optional = OPERATOR_ROLES.find((r) => !TOTP_REQUIRED_ROLES.includes(r));
      const token = await operatorSession(optional ?? 'support');
      return {
        attempt: (from) => callApi(app, api.admin.totpDisable, { otp: wrongOtp(TEST_TOTP_SECRET) }, { token, ip: from }),
        refused: msgIs('Incorrect verification code'),
        ...(optional ? {} : { unreachable: 'Two-factor authentication is mandatory for this role' }),
      };
    },
  },
};

/** The names of the fields a route's declared input has (body, query, path, headers). */
function inputFields(schema: Record<string, unknown> | undefined): string[] {
  const names: string[] = [];
  for (const part of ['body', 'querystring', 'params', 'headers']) {
    const declared = schema?.[part] as z.ZodType | undefined;
    if (!declared) continue;
    const json = inputJsonSchema(declared) as { properties?: Record<string, unknown> };
    expect(json.properties, `${part} of a route is an object with named fields`).toBeDefined();
    names.push(...Object.keys(json.properties ?? {}));
  }
  return names;
}

/** Every checked secret in the route table, as `METHOD url field`. */
function checkedSecrets(): string[] {
  const found: string[] = [];
  for (const route of app.apiRoutes) {
    const key = `${route.method} ${route.url}`;
    for (const field of inputFields(route.schema as Record<string, unknown> | undefined)) {
      if (!SECRET_NAME.test(field) || field === 'idempotency-key') continue;
      if (SETS[key]?.includes(field) || NOT_GUESSABLE[key]?.includes(field) || NOT_SECRET[key]?.includes(field)) continue;
      found.push(`${key} ${field}`);
    }
  }
  return found;
}

const LOCKED = /^Too many attempts, please try again in (1 minute|\d+ minutes)$/;

describe('every secret check is under the lockout', () => {
  const secrets = checkedSecrets();

  it('the route table has the secret checks this file knows how to attack', () => {
    // A secret field with no attack below: put its check under withLockout and add it to ATTACKS.
    expect(secrets.filter((s) => !ATTACKS[s])).toEqual([]);
    expect(secrets).toEqual(
      expect.arrayContaining(['POST /api/user/takeBreak password', 'POST /api/user/withdrawAction securityCode', 'POST /api/admin/login otp']),
    );
    // The attacks and the exceptions name routes (and fields) that exist.
    for (const key of Object.keys(ATTACKS))
      expect(
        app.apiRoutes.some((r) => key.startsWith(`${r.method} ${r.url} `)),
        key,
      ).toBe(true);
    for (const [key, fields] of Object.entries({ ...SETS, ...NOT_GUESSABLE, ...NOT_SECRET })) {
      const route = app.apiRoutes.find((r) => `${r.method} ${r.url}` === key);
      expect(route, key).toBeDefined();
      for (const f of fields) expect(inputFields(route!.schema as Record<string, unknown>), key).toContain(f);
    }
  });

  it.each(checkedSecrets())('%s: 25 wrong attempts at once get at most the free attempts checked, the rest 429, under the right key', async (secret) => {
    const attack = ATTACKS[secret]!;
    const prepared = await attack.prepare();
    const answers = await Promise.all(Array.from({ length: 25 }, () => prepared.attempt(ip(10))));
    if (prepared.unreachable) {
      expect(answers.map((a) => a.msg)).toEqual(Array(25).fill(prepared.unreachable));
      return;
    }
    const checked = answers.filter(prepared.refused);
    const locked = answers.filter((a) => a.status === 429 && LOCKED.test(a.msg));
    expect(
      answers.map((a) => a.code).every((c) => c === 0),
      JSON.stringify(answers.find((a) => a.code !== 0)),
    ).toBe(true);
    expect(
      checked.length + locked.length,
      `every answer is a checked refusal or the lockout: ${JSON.stringify(answers.find((a) => !prepared.refused(a) && a.status !== 429))}`,
    ).toBe(25);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(attack.policy.freeAttempts);
    // The key: a signed-in caller is locked whatever its address; a sign-in only from that address.
    const elsewhere = await prepared.attempt(ip(11));
    if (attack.key === 'user') expect([elsewhere.status, elsewhere.msg]).toEqual([429, expect.stringMatching(LOCKED)]);
    else expect(prepared.refused(elsewhere), JSON.stringify(elsewhere)).toBe(true);
  });
});

describe('operator sign-in under the lockout', () => {
  it('audits each refusal with its reason: a wrong code, a wrong password, then the lock', async () => {
    const username = uniqueName('op');
    await app.db.insert(operators).values({ username, role: 'finance', passwordHash: await hashSecret('operator-pass-2') });
    const first = await callApi(app, api.admin.login, { username, password: 'operator-pass-2' }, { ip: ip(252) });
    await callApi(
      app,
      api.admin.totpEnable,
      { password: 'operator-pass-2', secret: TEST_TOTP_SECRET, otp: totpAt(TEST_TOTP_SECRET, app.clock.now()) },
      { token: first.data.token },
    );
    const from = ip(253);
    const send = (body: Record<string, unknown>) => rawCall(app, api.admin.login, { username, ...body }, { ip: from });
    expect((await send({ password: 'operator-pass-2' })).msg).toBe('Please enter the 6-digit code from your authenticator app');
    expect((await send({ password: 'operator-pass-2', otp: wrongOtp(TEST_TOTP_SECRET) })).msg).toBe('Incorrect verification code');
    for (let i = 0; i < 3; i++) expect((await send({ password: 'wrong-password-1' })).msg).toBe('Incorrect username or password');
    expect((await send({ password: 'operator-pass-2', otp: totpAt(TEST_TOTP_SECRET, app.clock.now()) })).status).toBe(429);
    const rows = await queryRows<{ reason: string; known: boolean }>(
      app.db,
      sql`
      select detail->>'reason' as reason, operator_id is not null as known from audit_log
      where action = 'operator.login_failed' and ip = ${from} order by id`,
    );
    expect(rows.map((r) => [r.reason, r.known])).toEqual([
      ['otp', true],
      ['password', true],
      ['password', true],
      ['password', true],
      ['locked', false],
    ]);
  });
});
