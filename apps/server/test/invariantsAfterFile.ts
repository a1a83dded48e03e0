/**
 * The ledger invariants (docs/design.md#the-invariants) after every test file: each database a test opens through the helpers
 * (openTestDatabase, createTestApp, openTwoDatabases) is reconciled (`checkInvariants`, the operators'
 * reconcile) before it closes, and the file fails when an invariant is broken. A test that breaks one
 * on purpose and leaves it so says which and why with `toleratesBrokenInvariants` at the top of its file.
 */
import { afterAll } from 'vitest';
import type { InvariantName } from '@lucky28/shared';
import type { Database } from '../src/db/client.js';
import { checkInvariants } from '../src/domain/wallet/invariants.js';

/** The invariants this file leaves broken on purpose, each with its reason (emptied before each file: test/beforeEachFile.ts). */
const tolerated = new Map<InvariantName, string>();

/** A new test file starts with nothing tolerated (files share this module: vitest.config.ts, `isolate: false`). */
export function forgetToleratedInvariants(): void {
  tolerated.clear();
}

/**
 * Declares that this test file leaves `names` broken on purpose (e.g. it writes a forged draw);
 * the other invariants are still checked. Printed once, so the opt-out is seen in every run.
 */
export function toleratesBrokenInvariants(reason: string, ...names: InvariantName[]): void {
  for (const name of names) tolerated.set(name, reason);
  console.warn(`[invariants] this file leaves ${names.join(', ')} unchecked: ${reason}`);
}

/** Throws with every broken invariant's count and first problems (the tolerated ones left out). */
export async function assertInvariants(database: Pick<Database, 'db'>): Promise<void> {
  const broken = (await checkInvariants(database.db)).filter((r) => r.count > 0 && !tolerated.has(r.name));
  if (broken.length === 0) return;
  const lines = broken.map((r) => `${r.name}: ${r.count} problem(s), e.g. ${JSON.stringify(r.examples.slice(0, 3))}`);
  throw new Error(`Ledger invariants (docs/design.md#the-invariants) broken when the test file closed its database:\n${lines.join('\n')}`);
}

/**
 * Makes `database.close` reconcile first (once, on the first close: several apps may share one database)
 * and registers the same check after the file for a database nobody closed. The database is closed
 * even when the check fails; the failure is then thrown.
 */
export function checkInvariantsOnClose(database: Database): Database {
  const close = database.close.bind(database);
  let checked = false;
  const check = async () => {
    if (checked) return;
    checked = true;
    await assertInvariants(database);
  };
  database.close = async () => {
    let failure: unknown;
    await check().catch((err: unknown) => (failure = err));
    await close();
    if (failure) throw failure;
  };
  try {
    afterAll(check);
  } catch {
    // Opened inside a test, where no hook can be added: its close still checks.
  }
  return database;
}
