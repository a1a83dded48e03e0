/**
 * The one way to run a transaction: `inTransaction(db, async (tx) => …)`. When PostgreSQL rolls it
 * back because of a concurrent transaction — a deadlock (40P01) or a serialization failure (40001) —
 * it is run again from the start, a bounded number of times after a short random pause, and each
 * retry is logged. The lock order (domain/lockOrder.ts) keeps the known paths from deadlocking;
 * this keeps any other such race from reaching a user as a failure.
 *
 * The work may therefore run more than once: it must do nothing outside the database that a second
 * run would repeat (change in-memory state, publish an event after commit, send a message). Work that
 * must happen once goes after `inTransaction` returns; a NOTIFY inside the transaction is fine (it is
 * delivered only on commit).
 */
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { isRetriableConflict, sqlStateOf } from './failures.js';

/** Runs of one transaction at most (the first and three retries). */
export const MAX_ATTEMPTS = 4;
/** First pause before a retry, ms; doubled each time, each pause taken at random between half and all of it. */
const FIRST_PAUSE_MS = 20;

/** Where retries are reported: the app's logger (pino), or any object with `warn(details, message)`. */
export interface RetryLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const logs = new WeakMap<object, RetryLog>();

/** Makes `inTransaction` on `db` report its retries to `log` (buildApp registers the app's logger). */
export function logTransactionRetries(db: Db, log: RetryLog): void {
  logs.set(db, log);
}

/** Without a registered logger (scripts, tests building the database alone): one line on stderr. */
const stderrLog: RetryLog = {
  warn: (details, message) => process.stderr.write(`${JSON.stringify({ level: 'warn', msg: message, ...details })}\n`),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TransactionOptions {
  /** Runs at most (default MAX_ATTEMPTS); 1 = no retry. */
  attempts?: number;
}

export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
  // Inside a transaction this is a savepoint: a deadlock has aborted the outer transaction, so only
  // the outermost one may be run again.
  if (is(db, PgTransaction)) return db.transaction(work);
  const attempts = Math.max(1, opts.attempts ?? MAX_ATTEMPTS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= attempts || !isRetriableConflict(err)) throw err;
      const pause = Math.round(FIRST_PAUSE_MS * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
      // The SQLSTATE and the count only: the error's message would quote the query's parameters.
      (logs.get(db) ?? stderrLog).warn(
        { sqlState: sqlStateOf(err), attempt, of: attempts, retryInMs: pause },
        sqlStateOf(err) === '40P01' ? 'transaction deadlocked; running it again' : 'transaction hit a serialization failure; running it again',
      );
      await sleep(pause);
    }
  }
}
