import { api, pathOf } from '@lucky28/shared/api';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, callApi } from '../helpers.js';
import { queryRows } from '../../src/db/query.js';
import { GIF, JPEG, PNG, TEXT, WEBP, createWalletApp, getFile, operatorLogin, operatorWithRole, upload } from './fixtures.js';

const { app, dataDir } = await createWalletApp();

describe('common/upload and user/uploadRechargeScreenshot', () => {
  it('stores a PNG privately under a server-chosen name and answers its API address', async () => {
    const user = await registerUser(app);
    const res = await upload(app, user.token, { data: PNG, filename: '../../evil name.png', contentType: 'image/png' });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Upload successful');
    expect(res.data.url).toMatch(/^\/api\/common\/file\/[A-Za-z0-9_-]{32}$/);
    expect(res.data.mime).toBe('image/png');
    const name = res.data.url.split('/').pop();
    // On disk under DATA_DIR/uploads with exactly that name, never the client's file name.
    const onDisk = path.join(dataDir, 'uploads', name);
    expect(fs.readFileSync(onDisk).equals(PNG)).toBe(true);
    expect(fs.statSync(onDisk).mode & 0o077).toBe(0);
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).some((f) => f.includes('evil'))).toBe(false);
    // The owner reads it back with their token.
    const file = await getFile(app, res.data.url, user.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges by content: a PNG renamed .txt is accepted, a text file renamed .png is refused', async () => {
    const user = await registerUser(app);
    const png = await upload(app, user.token, { data: PNG, filename: 'notes.txt', contentType: 'text/plain' });
    expect(png.code).toBe(1);
    expect(png.data.mime).toBe('image/png');
    const text = await upload(app, user.token, { data: TEXT, filename: 'photo.png', contentType: 'image/png' });
    expect(text.code).toBe(0);
    expect(text.msg).toBe('Please select an image file (PNG, JPEG, WebP or GIF)');
    expect(text.field).toBe('file');
  });

  it('accepts JPEG, WebP and GIF by their magic bytes', async () => {
    const user = await registerUser(app);
    for (const [data, mime] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
      [GIF, 'image/gif'],
    ] as const) {
      const res = await upload(app, user.token, { data, filename: 'x.bin' });
      expect(res.code, mime).toBe(1);
      expect(res.data.mime).toBe(mime);
    }
  });

  it('refuses a file over 5 MB with the spec message, and accepts exactly 5 MB', async () => {
    const user = await registerUser(app);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload(app, user.token, { data: big, filename: 'big.png' });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('Image size cannot exceed 5MB');
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await upload(app, user.token, { data: exact, filename: 'exact.png' })).code).toBe(1);
  });

  it('asks for an image when no file is sent, and refuses an unknown type', async () => {
    const user = await registerUser(app);
    const none = await upload(app, user.token, undefined);
    expect(none.code).toBe(0);
    expect(none.msg).toBe('Please select an image');
    const empty = await upload(app, user.token, { data: Buffer.alloc(0), filename: 'empty.png' });
    expect(empty.msg).toBe('Please select an image');
    const json = await callApi(app, api.common.upload, { type: 'recharge_screenshot' }, { token: user.token });
    expect(json.msg).toBe('Please select an image');
    const bad = await upload(app, user.token, { data: PNG, filename: 'a.png' }, { type: 'avatar' });
    expect(bad.code).toBe(0);
    expect(bad.msg).toBe('Invalid upload type');
  });

  it('answers in the language of the form', async () => {
    const user = await registerUser(app);
    const res = await upload(app, user.token, { data: TEXT, filename: 'a.png' }, { type: 'idcard', lang: 'zh' });
    expect(res.msg).toBe('请选择图片文件（PNG、JPEG、WebP 或 GIF）');
  });

  it('user/uploadRechargeScreenshot stores a recharge screenshot', async () => {
    const user = await registerUser(app);
    const res = await upload(app, user.token, { data: PNG, filename: 's.png' }, {}, api.common.uploadRechargeScreenshot);
    expect(res.code).toBe(1);
    expect(res.data.type).toBe('recharge_screenshot');
  });

  it('refuses visitors without a session and guests', async () => {
    const anon = await upload(app, undefined, { data: PNG, filename: 'a.png' });
    expect(anon.status).toBe(401);
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.55.0.1' });
    // Refused before the form is read, so the language comes from the query string.
    const res = await upload(app, guest.data.userinfo.token, { data: PNG, filename: 'a.png' }, undefined, '/api/common/upload?lang=en');
    expect(res.code).toBe(0);
    expect(res.msg).toBe('Guests must register as full members before doing this');
  });
});

describe('common/file: private files', () => {
  it("another player's file answers like a missing one; no token is 401", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const res = await upload(app, alice.token, { data: PNG, filename: 'id.png' }, { type: 'idcard' });
    expect((await getFile(app, res.data.url, bob.token)).statusCode).toBe(404);
    expect((await getFile(app, res.data.url)).statusCode).toBe(401);
    expect((await getFile(app, pathOf(api.common.file, { name: 'A'.repeat(32) }), alice.token)).statusCode).toBe(404);
    expect((await getFile(app, '/api/common/file/..%2F..%2Fetc%2Fpasswd', alice.token)).statusCode).toBe(404);
  });

  it('operators with the right role can view a file, and every view is audited', async () => {
    const alice = await registerUser(app);
    const idcard = await upload(app, alice.token, { data: PNG, filename: 'id.png' }, { type: 'idcard' });
    const shot = await upload(app, alice.token, { data: JPEG, filename: 's.jpg' }, { type: 'recharge_screenshot' });
    const admin = await operatorLogin(app);
    const finance = await operatorWithRole(app, 'finance');
    const support = await operatorWithRole(app, 'support');
    const name = idcard.data.url.split('/').pop();

    const count = async () =>
      Number(
        (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from audit_log where action = 'upload.view' and target_id = ${name}`))[0]!.n,
      );
    expect((await getFile(app, idcard.data.url, admin)).statusCode).toBe(200);
    expect((await getFile(app, idcard.data.url, support)).statusCode).toBe(200);
    expect(await count()).toBe(2);
    // Finance reviews money, not identities.
    const refused = await getFile(app, idcard.data.url, finance);
    expect(refused.statusCode).toBe(403);
    expect(await count()).toBe(2);
    expect((await getFile(app, shot.data.url, finance)).statusCode).toBe(200);
    expect((await getFile(app, shot.data.url, support)).statusCode).toBe(403);
    // The console's own path does the same.
    const viaAdmin = await app.inject({ method: 'GET', url: pathOf(api.admin.file, { name }), headers: { token: support } });
    expect(viaAdmin.statusCode).toBe(200);
    expect(await count()).toBe(3);
    // A player's token never opens the console's path.
    expect((await app.inject({ method: 'GET', url: pathOf(api.admin.file, { name }), headers: { token: alice.token } })).statusCode).toBe(401);
  });
});
