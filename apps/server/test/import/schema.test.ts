/** The source's INFORMATION_SCHEMA is read first: a table or column missing, or of another kind, is refused with the whole list, nothing written. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/query.js';
import { SourceSchemaError } from '../../src/domain/import/source.js';
import { fitsKind, schemaProblems } from '../../src/domain/import/sourceSchema.js';
import { importWorld } from './helpers.js';

const w = await importWorld({ bulk: 0 });

const count = async () =>
  (
    await queryRows<{ n: number }>(w.app.db, sql`select (select count(*) from users) + (select count(*) from import_runs) + (select count(*) from ledger) as n`)
  )[0]!.n;

describe('the source schema check', () => {
  it('refuses a source with a table missing and columns of the wrong kind, listing each, and writes nothing', async () => {
    const before = await count();
    await w.source.conn.query('DROP TABLE fa_user_pay');
    await w.source.conn.query("ALTER TABLE fa_user MODIFY money varchar(20) NOT NULL DEFAULT '0'");
    await w.source.conn.query('ALTER TABLE fa_order DROP COLUMN profit');
    await w.source.conn.query('ALTER TABLE fa_quantity_log MODIFY quantity decimal(12,4) NOT NULL DEFAULT 0');
    const failure = await w.run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SourceSchemaError);
    expect((failure as SourceSchemaError).problems).toEqual([
      'column fa_user.money is varchar, expected an integer or a decimal of at most 2 places',
      'column fa_order.profit is missing',
      'column fa_quantity_log.quantity is decimal(4 places), expected an integer or a decimal of at most 2 places',
      'table fa_user_pay is missing',
    ]);
    expect(await count()).toBe(before);
  });

  it('judges kinds by the column type', () => {
    expect(fitsKind('cents', 'decimal', 2)).toBe(true);
    expect(fitsKind('cents', 'int', 0)).toBe(true);
    expect(fitsKind('cents', 'double', null)).toBe(false);
    expect(fitsKind('text', 'varchar', null)).toBe(true);
    expect(fitsKind('integer', 'varchar', null)).toBe(false);
    expect(schemaProblems([])).toContain('table fa_user is missing');
  });
});
