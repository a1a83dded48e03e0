import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { KEY_FILE, keyFromText, openSecret, resolveOperatorKey, sealSecret } from '../../src/domain/operators/secretBox.js';
import { sealLegacyTotpSecrets } from '../../src/domain/operators/operators.js';
import { queryRows } from '../../src/db/query.js';
import { TEST_OPERATOR_KEY, createTestApp } from '../helpers.js';

describe('TOTP secrets at rest', () => {
  it('without OPERATOR_SECRET_KEY, generates a key once in the data directory (0600) and keeps using it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-key-'));
    try {
      const first = resolveOperatorKey(undefined, dir);
      const file = path.join(dir, KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveOperatorKey(undefined, dir).equals(first)).toBe(true);
      expect(resolveOperatorKey('cd'.repeat(32), dir).equals(first)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seals per operator: the wrong key or another operator row does not open it', () => {
    const key = keyFromText(TEST_OPERATOR_KEY);
    const sealed = sealSecret(key, 7, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(openSecret(key, 7, sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => openSecret(key, 8, sealed)).toThrow();
    expect(() => openSecret(keyFromText('a long enough pass phrase for the key!'), 7, sealed)).toThrow();
    expect(() => keyFromText('short')).toThrow(/OPERATOR_SECRET_KEY/);
  });

  it('seals secrets an earlier version stored in clear', async () => {
    const app = await createTestApp();
    await app.db.execute(
      sql`insert into operators (username, password_hash, role, totp_secret) values ('legacy_op', 'x', 'support', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')`,
    );
    expect(await sealLegacyTotpSecrets(app.db, app.operatorKey)).toBe(1);
    const [row] = await queryRows<{ id: number; totp_secret: string }>(app.db, sql`select id, totp_secret from operators where username = 'legacy_op'`);
    expect(openSecret(app.operatorKey, row!.id, row!.totp_secret)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(await sealLegacyTotpSecrets(app.db, app.operatorKey)).toBe(0);
  });
});
