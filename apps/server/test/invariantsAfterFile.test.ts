/**
 * Proof that the after-file invariant check (test/invariantsAfterFile.ts) fails a file: a balance
 * changed behind the ledger's back makes the database's close, and the after-file check, reject
 * with the invariant's name; repaired, both pass.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { queryRows } from '../src/db/query.js';
import { LedgerType, postLedger } from '../src/domain/ledger/post.js';
import { openTestDatabase } from './helpers.js';
import { assertInvariants } from './invariantsAfterFile.js';

// At the top of the file, so that its after-file check is registered too: it must pass, as the
// balance broken on it below is repaired.
const kept = await openTestDatabase();

/** A player with 100.00 credited through the ledger (as every balance change must be). */
async function fundedPlayer(database: Database, name: string): Promise<number> {
  const [user] = await queryRows<{ id: number }>(database.db, sql`insert into users (username, password_hash) values (${name}, 'not-a-login') returning id`);
  const id = Number(user!.id);
  await database.db.transaction((tx) => postLedger(tx, { userId: id, type: LedgerType.gift, wallet: 'money', quantity: 10_000, memo: 'invariants test' }));
  return id;
}

/** The change no code may make: a balance moved without its ledger row. */
const moveBalance = (database: Database, userId: number, by: number) => database.db.execute(sql`update users set money = money + ${by} where id = ${userId}`);

describe('the invariant check after every test file', () => {
  it('rejects the close of a database left with a balance that is not its ledger, naming the invariant, and still closes it', async () => {
    const database = await openTestDatabase();
    const userId = await fundedPlayer(database, 'broken');
    await assertInvariants(database);
    await moveBalance(database, userId, 500);
    const closing = database.close();
    await expect(closing).rejects.toThrow(/I1_balance_equals_ledger: 1 problem\(s\)/);
    await expect(closing).rejects.toThrow(/running_balance/);
    await expect(closing).rejects.toThrow(new RegExp(`"userId":${userId},"problem":"money_vs_ledger","detail":\\{"money":10500,"ledger":10000\\}`));
    // Closed all the same: the database answers nothing more.
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('passes again once the balance is repaired', async () => {
    const userId = await fundedPlayer(kept, 'repaired');
    await moveBalance(kept, userId, -2_500);
    await expect(assertInvariants(kept)).rejects.toThrow(/I1_balance_equals_ledger/);
    await moveBalance(kept, userId, 2_500);
    await expect(assertInvariants(kept)).resolves.toBeUndefined();
  });
});
