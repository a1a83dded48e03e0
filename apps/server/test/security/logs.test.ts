/**
 * No card number, holder name, ID number, real name, password, security code or
 * token in any log line, and no over-long input. A full run — register, log in (once with the
 * password in the query string), bind a card, real-name, set a security code, withdraw, log in as
 * an operator, a malformed body quoting the password, a 5,000-character input, and a failing query
 * whose parameters are a card number and a holder name — is logged at the most verbose level into a
 * buffer, which is then searched for every secret. A second test does the same for the real server
 * process, with passwords set in the environment (the start-up banner must not repeat them).
 */
import { api, type CallRef, type InputOf } from '@lucky28/shared/api';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi } from '../helpers.js';
import { JPEG, OPERATOR_PASSWORD, PNG, createWalletApp, gift, upload } from '../wallet/fixtures.js';
import { startServerProcess } from '../serverProcess.js';
import { MAX_STRING } from '../../src/logging.js';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    lines.push(
      ...String(chunk)
        .split('\n')
        .filter((l) => l !== ''),
    );
    done();
  },
});
const { app } = await createWalletApp({ logStream, config: { logLevel: 'trace' } });

const SECRETS = {
  password: 'Log-test-pw-77',
  newPassword: 'Log-test-pw-88',
  securityCode: '824613',
  cardNumber: '6222020200118899',
  holder: 'Zhang Sanfeng',
  idNumber: '110101199003071233',
  realName: 'Li Xiaolong',
  walletAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  operatorPassword: OPERATOR_PASSWORD,
};
const tokens: string[] = [];

function expectNoSecretIn(log: string[], secrets: Record<string, string>) {
  const text = log.join('\n');
  for (const [name, value] of Object.entries(secrets)) {
    const at = text.indexOf(value);
    expect(at, `${name} appears in the log: …${text.slice(Math.max(0, at - 200), at + 50)}`).toBe(-1);
  }
}

describe('log lines of a full run', () => {
  it('hold none of the secrets, and no input longer than the cap', async () => {
    const username = `logtest${Date.now().toString(36)}`;
    const reg = await callApi(app, api.user.register, { username, password: SECRETS.password, repassword: SECRETS.password });
    expect(reg.code).toBe(1);
    tokens.push(reg.data.userinfo.token);
    // Parameters may come in the query string: the request line must not carry them.
    const viaQuery = await app.inject({
      method: 'POST',
      url: `/api/user/login?lang=en&account=${username}&password=${SECRETS.password}`,
    });
    expect(viaQuery.json().code).toBe(1);
    tokens.push(viaQuery.json().data.userinfo.token);
    const token = reg.data.userinfo.token as string;
    const t = { token };
    const must = async <C extends CallRef>(ref: C, body: InputOf<C> & { lang?: string }) => {
      const res = await callApi(app, ref, body, t);
      expect(res.code, `${ref.name} ${JSON.stringify(res)}`).toBe(1);
      return res;
    };
    await must(api.user.profile, { idcard: SECRETS.idNumber });
    await must(api.user.setPayInfo, { type: 0, acc: SECRETS.holder, acc_name: SECRETS.cardNumber, acc_bank: 'ICBC' });
    await must(api.user.setPayInfo, { type: 1, acc: SECRETS.walletAddress, acc_name: 'trc20' });
    const front = await upload(app, token, { data: PNG, filename: 'front.png' }, { type: 'idcard' });
    const back = await upload(app, token, { data: JPEG, filename: 'back.jpg' }, { type: 'idcard' });
    await must(api.wallet.shiming, { truename: SECRETS.realName, idcard: SECRETS.idNumber, idcard_zheng: front.data.url, idcard_fan: back.data.url });
    await must(api.user.setSafety, { new_code: SECRETS.securityCode });
    await gift(app, reg.data.userinfo.user_id, 50_000);
    await must(api.wallet.withdrawAction, { type: 0, money: '100', securityCode: SECRETS.securityCode });
    expect((await callApi(app, api.wallet.withdrawAction, { type: 1, money: '100', securityCode: '000000' }, t)).code).toBe(0);
    const changed = await must(api.user.newPass, { after_pass: SECRETS.password, new_pass: SECRETS.newPassword, confirm_pass: SECRETS.newPassword });
    tokens.push(changed.data.userinfo.token);
    t.token = changed.data.userinfo.token; // every other session ended with the change
    const op = await callApi(app, api.admin.login, { username: 'admin', password: SECRETS.operatorPassword });
    expect(op.code).toBe(1);
    tokens.push(op.data.token);
    await callApi(app, api.admin.withdrawList, {}, { token: op.data.token });

    // A malformed body whose parse error would quote the password.
    const broken = await app.inject({
      method: 'POST',
      url: `${api.user.login.path}?lang=en`,
      headers: { 'content-type': 'application/json' },
      payload: `{"account":"${username}","password":"${SECRETS.newPassword}"`,
    });
    expect(broken.statusCode).toBe(400);
    // An over-long input, in the query string and in the body.
    const long = 'Q'.repeat(5_000);
    await app.inject({ method: 'POST', url: `/api/user/login?lang=en&account=${long}`, payload: {} });
    await callApi(app, api.user.login, { account: long, password: long });

    // A failing query whose parameters are a card number and a holder name (a trigger refuses the write
    // of a card replaced with the security code).
    await app.db.execute(sql`create function refuse_pay_write() returns trigger language plpgsql as $$ begin raise exception 'write refused'; end $$`);
    await app.db.execute(sql`create trigger refuse_pay_write before update on pay_accounts for each row execute function refuse_pay_write()`);
    try {
      const failed = await callApi(
        app,
        api.user.setPayInfo,
        { type: 0, acc: `${SECRETS.holder} Jr`, acc_name: '6222020200117777', acc_bank: 'ICBC', securityCode: SECRETS.securityCode },
        t,
      );
      expect(failed.status).toBe(500);
    } finally {
      await app.db.execute(sql`drop trigger refuse_pay_write on pay_accounts`);
      await app.db.execute(sql`drop function refuse_pay_write()`);
    }

    // The run was logged: request lines, and the failed query with its SQL but not its values.
    expect(lines.length).toBeGreaterThan(40);
    const failure = lines.map((l) => JSON.parse(l) as Record<string, any>).find((l) => l.msg === 'unexpected failure');
    expect(failure, 'the failed query is logged').toBeDefined();
    expect(JSON.stringify(failure!.err)).toMatch(/pay_accounts/);
    expect(JSON.stringify(failure!.err)).toContain('params: [redacted]');
    expect(lines.some((l) => l.includes('"url":"/api/user/login?lang=en&account=[redacted]&password=[redacted]"'))).toBe(true);

    expectNoSecretIn(lines, { ...SECRETS, holder2: `${SECRETS.holder} Jr`, card2: '6222020200117777' });
    for (const [i, tok] of tokens.entries()) expectNoSecretIn(lines, { [`token ${i}`]: tok });
    // Every string is capped: 5,000 Qs never appear, not even a cap's worth plus one.
    expect(lines.join('\n')).not.toContain('Q'.repeat(MAX_STRING + 1));
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(20_000);
  });
});

describe('log of the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-logs-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('never repeats passwords from the environment, nor logs request secrets', { timeout: 300_000 }, async () => {
    const demo = 'Env-demo-pw-4711';
    const operator = 'Env-operator-pw-4712';
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DEMO_PASSWORD: demo,
      OPERATOR_PASSWORD: operator,
      LOG_LEVEL: 'trace',
      SCHEDULER: '0',
      // Its own PGlite in a temporary directory, whatever the shell has.
      DATABASE_URL: '',
    });
    try {
      const post = (ref: CallRef, body: unknown) =>
        fetch(`${server.url}${ref.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
          r.json(),
        );
      const login = (await post(api.user.login, { account: 'demo', password: demo })) as { code: number; data: { userinfo: { token: string } } };
      expect(login.code, JSON.stringify(login)).toBe(1);
      const op = (await post(api.admin.login, { username: 'admin', password: operator })) as { code: number; data: { token: string } };
      expect(op.code, JSON.stringify(op)).toBe(1);
      await fetch(`${server.url}/api/user/login?account=demo&password=${demo}`, { method: 'POST' });
      expect(server.output()).toContain('Demo player:      demo / (the password in DEMO_PASSWORD)');
      expect(server.output()).toContain('Operator login:   admin / (the password in OPERATOR_PASSWORD)');
      await server.stop('SIGTERM');
      expectNoSecretIn(server.output().split('\n'), { demo, operator, userToken: login.data.userinfo.token, operatorToken: op.data.token });
      expect(server.output()).toMatch(/"msg":"request completed"/);
    } finally {
      await server.stop('SIGKILL');
    }
  });
});
