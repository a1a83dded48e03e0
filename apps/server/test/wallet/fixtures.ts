import { api, type CallRef, type InputOf } from '@lucky28/shared/api';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { operators, users } from '../../src/db/schema.js';
import { hashSecret } from '../../src/domain/security/passwords.js';
import { totpAt } from '../../src/domain/operators/totp.js';
import { findOperatorByName } from '../../src/domain/operators/operators.js';
import { createOperatorSession } from '../../src/domain/operators/sessions.js';
import { createTestApp, registerUser, type TestAppOptions, callApi } from '../helpers.js';
import { seedDemoContent } from '../../src/seed/demo.js';

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** Enough of each format's header for content sniffing. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(64)]);
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), randomBytes(32)]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(40)]);
export const TEXT = Buffer.from('hello, this is plain text and not an image at all\n');

export const OPERATOR_PASSWORD = 'operator-pass-1';

/** A test app whose uploads go to a fresh temporary DATA_DIR, removed after the file. */
export async function createWalletApp(opts: TestAppOptions = {}): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-wallet-'));
  const app = await createTestApp({ ...opts, config: { dataDir, ...opts.config } });
  // Seeds the first operator 'admin' (with a known password) and the 'deposit' settings, as at first start.
  await seedDemoContent(app.db, { operatorPassword: OPERATOR_PASSWORD, demoPassword: 'demo-pass-123' });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { app, dataDir };
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, file?: { data: Buffer; filename: string; contentType?: string; field?: string }) {
  const boundary = `----lucky28${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads like the app does: POST multipart with `file` and `type`, the token in its header. */
export async function upload(
  app: FastifyInstance,
  token: string | undefined,
  file: { data: Buffer; filename: string; contentType?: string } | undefined,
  fields: Record<string, string> = { type: 'recharge_screenshot' },
  /** The upload call (default common/upload), or an address for the tests of its URL forms. */
  target: CallRef | string = api.common.upload,
) {
  const body = multipart({ lang: 'en', ...fields }, file);
  const res = await app.inject({
    method: 'POST',
    url: typeof target === 'string' ? target : target.path,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { token } : {}) },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any; field?: string }) };
}

export async function getFile(app: FastifyInstance, url: string, token?: string) {
  return app.inject({ method: 'GET', url, headers: token ? { token } : {} });
}

/** The TOTP secret test operators enrol with (32 base32 characters, 160 bits). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * An operator session token, as the console gets one: password sign-in, and for a role that must use
 * TOTP and has not enrolled, enrolment with TEST_TOTP_SECRET. An operator already enrolled gets a
 * session opened directly (a real sign-in would need a fresh 30-second code each time).
 */
export async function operatorLogin(app: FastifyInstance, username = 'admin', password = OPERATOR_PASSWORD) {
  const enrolled = await findOperatorByName(app.db, username);
  if (enrolled?.totpSecret) return createOperatorSession(app.db, enrolled.id, { now: app.clock.now(), ip: '10.77.0.1' });
  const res = await callApi(app, api.admin.login, { username, password }, { ip: '10.77.0.1' });
  if (res.code !== 1) throw new Error(`operator login failed: ${JSON.stringify(res)}`);
  const token = res.data.token as string;
  const op = res.data.operator as { totp_required: boolean; totp_enabled: boolean };
  if (op.totp_required && !op.totp_enabled) {
    const enrol = await callApi(app, api.admin.totpEnable, { password, secret: TEST_TOTP_SECRET, otp: totpAt(TEST_TOTP_SECRET, app.clock.now()) }, { token });
    if (enrol.code !== 1) throw new Error(`TOTP enrolment failed: ${JSON.stringify(enrol)}`);
  }
  return token;
}

/** Creates an operator with a role directly (as an admin would) and logs it in. */
export async function operatorWithRole(app: FastifyInstance, role: 'admin' | 'finance' | 'support' | 'moderator') {
  const username = `op_${role}_${randomBytes(3).toString('hex')}`;
  await app.db.insert(operators).values({ username, role, passwordHash: await hashSecret('operator-pass-2') });
  return operatorLogin(app, username, 'operator-pass-2');
}

/** A member ready to withdraw: ID number, bank card, wallet, security code 123456, and `money` cents credited by gift. */
export async function readyToWithdraw(app: FastifyInstance, money = 50_000) {
  const user = await registerUser(app);
  const t = { token: user.token };
  const must = async <C extends CallRef>(ref: C, body: InputOf<C> & { lang?: string }) => {
    const res = await callApi(app, ref, body, t);
    if (res.code !== 1) throw new Error(`${ref.name}: ${JSON.stringify(res)}`);
  };
  await must(api.user.profile, { idcard: '110101199003077774' });
  await must(api.user.setPayInfo, { type: 0, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC' });
  await must(api.user.setPayInfo, { type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', acc_name: 'trc20' });
  await must(api.user.setSafety, { new_code: '123456' });
  if (money > 0) await gift(app, user.userId, money);
  return user;
}

/** Credits a user through the ledger primitive (a gift row), as the seed does for the demo player. */
export async function gift(app: FastifyInstance, userId: number, cents: number, wallet: 'money' | 'score' = 'money') {
  const { postLedger, LedgerType } = await import('../../src/domain/ledger/post.js');
  await app.db.transaction((tx) => postLedger(tx, { userId, type: LedgerType.gift, wallet, quantity: cents, memo: 'test gift' }));
}

export async function balanceOf(app: FastifyInstance, userId: number) {
  const [row] = await app.db.select({ money: users.money, score: users.score }).from(users).where(eq(users.id, userId));
  return row!;
}

/** Uploads a screenshot and asks for a deposit; returns the deposit id. */
export async function requestDeposit(app: FastifyInstance, token: string, money: string | number = '200', channel = 'usdt') {
  const up = await upload(app, token, { data: PNG, filename: 'shot.png', contentType: 'image/png' });
  if (up.code !== 1) throw new Error(`upload: ${JSON.stringify(up)}`);
  const res = await callApi(app, api.wallet.depositRequest, { money, channel, screenshot: up.data.url }, { token });
  if (res.code !== 1) throw new Error(`depositRequest: ${JSON.stringify(res)}`);
  return res.data.id as number;
}
