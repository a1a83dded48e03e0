/**
 * Private uploads: a per-player quota counted in the database (20 images and 50 MB in any 24 hours,
 * across nodes), and the pruning of uploads no deposit or real-name request refers to a day after
 * they were made (row and file), run by the housekeeping plugin on a timer.
 */
import { api } from '@lucky28/shared/api';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { scaledRateLimits } from '../../src/plugins/rateLimits.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { UPLOAD_QUOTA } from '../../src/domain/wallet/uploads.js';
import { createTestApp, registerUser, usingPostgres, callApi } from '../helpers.js';
import { JPEG, PNG, createWalletApp, getFile, operatorLogin, upload } from './fixtures.js';

const HOUR = 60 * 60 * 1000;
const clock = new ManualClock(Date.UTC(2026, 4, 10, 4, 0, 0));
const rateLimits = scaledRateLimits(100);
const { app, dataDir } = await createWalletApp({ clock, rateLimits });
// A second node on the same database and DATA_DIR.
const nodeB = await createTestApp({ database: { ...app.database, close: async () => {} }, clock, rateLimits, config: { dataDir } });

const shot = async (token: string, type = 'recharge_screenshot', data = PNG, node = app) => {
  const res = await upload(node, token, { data, filename: 'x.png' }, { type });
  if (res.code !== 1) throw new Error(JSON.stringify(res));
  return { url: res.data.url as string, name: res.data.name as string };
};
const onDisk = (name: string) => fs.existsSync(path.join(dataDir, 'uploads', name));
const rowExists = async (name: string) =>
  (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from uploads where name = ${name}`))[0]!.n === 1;
/** A fresh session after the clock jumped past the old one's idle expiry. */
const signIn = async (user: { username: string; password: string }) => {
  const res = await callApi(app, api.user.login, { account: user.username, password: user.password }, { ip: '10.20.30.40' });
  if (res.code !== 1) throw new Error(JSON.stringify(res));
  return res.data.userinfo.token as string;
};
const prune = () => pruneOnce({ db: app.db, dataDir, now: clock.now(), timeZone: app.config.timeZone, log: app.log });

describe('upload quota', () => {
  it(`accepts ${UPLOAD_QUOTA.files} images in 24 hours, refuses the next with a message naming the file, and frees up as they age`, async () => {
    const player = await registerUser(app);
    const other = await registerUser(app);
    for (let i = 0; i < UPLOAD_QUOTA.files; i++) await shot(player.token, i % 2 ? 'idcard' : 'recharge_screenshot', PNG, i % 3 ? app : nodeB);
    const refused = await upload(nodeB, player.token, { data: PNG, filename: 'x.png' }, { type: 'recharge_screenshot' });
    expect(refused).toMatchObject({ code: 0, field: 'file', msg: 'You can upload at most 20 images (50 MB) in 24 hours, please try again later' });
    const zh = await upload(app, player.token, { data: PNG, filename: 'x.png' }, { type: 'idcard', lang: 'zh' });
    expect(zh.msg).toBe('24小时内最多可上传20张图片（共50MB），请稍后再试');
    const deposit = await callApi(app, api.common.uploadRechargeScreenshot, {}, { token: player.token });
    expect(deposit.code).toBe(0);
    // Nothing was stored for the refusals.
    const [count] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from uploads where user_id = ${player.userId}`);
    expect(count!.n).toBe(UPLOAD_QUOTA.files);
    // Another player is not affected.
    expect((await upload(app, other.token, { data: PNG, filename: 'x.png' })).code).toBe(1);
    // 24 hours after the first uploads the window has room again.
    clock.advance(24 * HOUR + 1);
    expect((await upload(app, await signIn(player), { data: PNG, filename: 'x.png' })).code).toBe(1);
  });

  it('holds across two nodes when uploads arrive together', async () => {
    const player = await registerUser(app);
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_QUOTA.files + 6 }, (_, i) => upload(i % 2 ? app : nodeB, player.token, { data: JPEG, filename: 'x.jpg' })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(UPLOAD_QUOTA.files);
    for (const a of answers.filter((x) => x.code !== 1)) expect(a).toMatchObject({ code: 0, field: 'file' });
    const files = fs.readdirSync(path.join(dataDir, 'uploads'));
    for (const a of answers.filter((x) => x.code === 1)) expect(files).toContain(a.data.name);
  });

  it('refuses an image that would pass the 50 MB budget', async () => {
    const player = await registerUser(app);
    const fiveMb = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    for (let i = 0; i < 10; i++) expect((await upload(app, player.token, { data: fiveMb, filename: 'big.png' })).code).toBe(1);
    expect(await upload(app, player.token, { data: PNG, filename: 'small.png' })).toMatchObject({ code: 0, field: 'file' });
  });
});

describe('pruning of unreferenced uploads', () => {
  it('removes, a day after upload, the uploads no deposit or real-name request refers to — never a referenced one', async () => {
    const player = await registerUser(app);
    const t = { token: player.token };
    const admin = await operatorLogin(app);
    const unused = await shot(player.token);
    const unusedId = await shot(player.token, 'idcard');
    // Deposits: one pending, one refused; a real-name request refused (both pictures).
    const pending = await shot(player.token);
    expect((await callApi(app, api.wallet.depositRequest, { money: '200', channel: 'usdt', screenshot: pending.url }, t)).code).toBe(1);
    const refused = await shot(player.token);
    const dep = await callApi(app, api.wallet.depositRequest, { money: '300', channel: 'bank', screenshot: refused.url }, t);
    expect((await callApi(app, api.admin.depositReject, { id: dep.data.id, reason: 'no such transfer' }, { token: admin })).code).toBe(1);
    const front = await shot(player.token, 'idcard');
    const back = await shot(player.token, 'idcard', JPEG);
    expect(
      (
        await callApi(
          app,
          api.wallet.shiming,
          { truename: 'Le Van B', idcard: 'C7654321', id_type: 'passport', idcard_zheng: front.url, idcard_fan: back.url },
          t,
        )
      ).code,
    ).toBe(1);
    const queue = await callApi(app, api.admin.realNameList, {}, { token: admin });
    const request = queue.data.find((r: { user_id: number }) => r.user_id === player.userId);
    expect((await callApi(app, api.admin.realNameReject, { id: request!.id, reason: 'blurred' }, { token: admin })).code).toBe(1);
    const referenced = [pending, refused, front, back];

    // 23 hours later: too young, nothing goes.
    clock.advance(23 * HOUR);
    const token = await signIn(player);
    const late = await shot(token);
    let report = await prune();
    expect(report.uploads.filter((u) => u.userId === player.userId)).toEqual([]);
    for (const u of [unused, unusedId, late, ...referenced]) expect(await rowExists(u.name)).toBe(true);

    // A day and a bit after: the two unused ones go, row and file; the referenced and the late one stay.
    clock.advance(2 * HOUR);
    report = await prune();
    const mine = report.uploads.filter((u) => u.userId === player.userId);
    expect(mine.map((u) => u.kind).sort()).toEqual(['idcard', 'recharge_screenshot']);
    for (const u of [unused, unusedId]) {
      expect(await rowExists(u.name)).toBe(false);
      expect(onDisk(u.name)).toBe(false);
      expect((await getFile(app, u.url, token)).statusCode).toBe(404);
    }
    for (const u of [late, ...referenced]) {
      expect(await rowExists(u.name)).toBe(true);
      expect(onDisk(u.name)).toBe(true);
      expect((await getFile(app, u.url, token)).statusCode).toBe(200);
    }
    // The operators still see the refused requests' pictures.
    expect((await getFile(app, front.url, await operatorLogin(app))).statusCode).toBe(200);

    // Idempotent, on either node: a second run finds nothing more of this player's.
    const again = await pruneOnce({ db: nodeB.db, dataDir, now: clock.now(), timeZone: nodeB.config.timeZone, log: nodeB.log });
    expect(again.uploads.filter((u) => u.userId === player.userId)).toEqual([]);
    // A pruned upload cannot back a request any more.
    const gone = await callApi(app, api.wallet.depositRequest, { money: '200', channel: 'usdt', screenshot: unused.url }, { token });
    expect(gone).toMatchObject({ code: 0, field: 'screenshot' });
  });

  it('leaves alone a file in DATA_DIR that this database does not know', async () => {
    const stranger = path.join(dataDir, 'uploads', 'A'.repeat(32));
    fs.writeFileSync(stranger, PNG);
    const old = new Date(clock.now() - 30 * 24 * HOUR);
    fs.utimesSync(stranger, old, old);
    await prune();
    expect(fs.existsSync(stranger)).toBe(true);
  });

  it('a request for an upload being pruned waits for the pruning and is refused, never answered 500', async () => {
    const player = await registerUser(app);
    const screenshot = await shot(player.token);
    // Stands for a pruning transaction: the upload locked FOR UPDATE and deleted, not yet committed.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let deleted!: () => void;
    const deleting = new Promise<void>((resolve) => (deleted = resolve));
    const pruning = app.db.transaction(async (tx) => {
      await tx.execute(sql`delete from uploads where name = ${screenshot.name}`);
      deleted();
      await held;
    });
    await deleting;
    const asking = callApi(nodeB, api.wallet.depositRequest, { money: '200', channel: 'usdt', screenshot: screenshot.url }, { token: player.token });
    if (usingPostgres) {
      // The request reaches the upload's row and waits on its lock.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const [w] = await queryRows<{ n: number }>(
          nodeB.db,
          sql`
          select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (w!.n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    commit();
    await pruning;
    const res = await asking;
    expect(res.status).toBe(200);
    expect(res).toMatchObject({ code: 0, field: 'screenshot' });
    const [deposits] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from deposits where user_id = ${player.userId}`);
    expect(deposits!.n).toBe(0);
  });
});

describe('the housekeeping timer', () => {
  it('prunes on its own with the app running, and logs what it removed', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Earlier tests' leftovers go first, so that the timer's run below is about this test's upload.
    clock.advance(25 * HOUR);
    await prune();
    const timed = await createTestApp({
      database: { ...app.database, close: async () => {} },
      clock,
      rateLimits,
      logStream,
      config: { dataDir, logLevel: 'info', housekeepingIntervalMs: 50 },
    });
    const player = await registerUser(timed);
    const unused = await shot(player.token, 'recharge_screenshot', PNG, timed);
    const [row] = await queryRows<{ id: number }>(app.db, sql`select id from uploads where name = ${unused.name}`);
    clock.advance(25 * HOUR);
    // A run logs once all its steps are done: wait for the line, then look.
    const pruned = () => lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'pruned unreferenced uploads and past view records');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !pruned()) await new Promise((r) => setTimeout(r, 50));
    expect(pruned()?.pruned).toMatchObject({ uploads: 1, upload_list: [{ id: Number(row!.id), kind: 'recharge_screenshot', user_id: player.userId }] });
    expect(await rowExists(unused.name)).toBe(false);
    expect(onDisk(unused.name)).toBe(false);
    await timed.close();
  });
});
