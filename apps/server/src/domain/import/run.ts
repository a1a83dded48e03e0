/**
 * One run of the importer (docs/import.md): checks the source's schema, then brings Lucky28 to the
 * source's current state phase by phase — players, referral links, payout accounts, requests in flight,
 * balances, history, rooms — then the secrets (hashing, apart), and reports. Every phase is chunked and
 * journalled (journal.ts), so a killed run started again carries on and ends as one clean run would, and a
 * run with nothing new at the source writes nothing but its journal. `open` ends the move: the imported
 * players may sign in from then on, and the importer runs no more.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { importBalances } from './balances.js';
import type { ImportContext } from './context.js';
import { openHashPool } from './hashPool.js';
import { importDraws, importLedger, importOrders, playerIds } from './history.js';
import { finishRun, startOrResumeRun } from './journal.js';
import { importPayAccounts } from './payAccounts.js';
import { importPlayers, linkReferrals } from './players.js';
import { buildReport, type ImportReport } from './report.js';
import { importRequests } from './requests.js';
import { compareRooms, sourceRooms } from './rooms.js';
import { importSecrets, type HashTiming } from './secrets.js';
import { checkSource, type Source } from './source.js';
import { withTarget } from './target.js';
import type { AuditEntry } from '../operators/audit.js';

export interface ImportOptions {
  dryRun?: boolean;
  /** Apply the source's room titles, limits and odds where they differ from ours. */
  rooms?: boolean;
  /** The final run: afterwards the imported players may sign in. */
  open?: boolean;
  chunkSize?: number;
  hashWorkers?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export class ImportRefused extends Error {}

/** Runs a line of phases on a connection and a source connection of its own, sharing the run. */
async function besideMain(database: Database, ctx: ImportContext, line: (c: ImportContext) => Promise<void>): Promise<void> {
  const source = await ctx.source.fork();
  try {
    await withTarget(database, { dryRun: false }, (target) => line({ ...ctx, target, source }));
  } finally {
    await source.close();
  }
}

/** An id for the advisory lock that keeps two importers off one database at once. */
const IMPORT_LOCK = 372_837_001;
/** The run's row in the audit trail (no operator: the importer runs from the command line). */
const IMPORT_AUDIT = { action: 'import.run', targetType: 'import_run' } as const satisfies Pick<AuditEntry, 'action' | 'targetType'>;

export async function runImport(database: Database, source: Source, operatorKey: Buffer, opts: ImportOptions = {}): Promise<ImportReport> {
  const log = opts.log ?? (() => {});
  await checkSource(source);
  const [opened] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from imported_players where open`);
  if (Number(opened?.n ?? 0) > 0) {
    throw new ImportRefused('the move was opened (--open): the imported players sign in here now, and the importer runs no more');
  }
  const [games] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from rooms`);
  if (Number(games?.n ?? 0) === 0)
    throw new ImportRefused('the database has no games and rooms yet: start Lucky28 on it once (npm start), stop it, then import');

  return withTarget(database, { dryRun: Boolean(opts.dryRun) }, async (target) => {
    const [locked] = await queryRows<{ ok: boolean }>(target.db, sql`select pg_try_advisory_lock(${IMPORT_LOCK}) as ok`);
    if (!locked?.ok) throw new ImportRefused('another import is running on this database');
    try {
      const run = await startOrResumeRun(target.db, source.label, { rooms: Boolean(opts.rooms), open: Boolean(opts.open) });
      const ctx: ImportContext = {
        target,
        source,
        run,
        dryRun: Boolean(opts.dryRun),
        operatorKey,
        now: opts.now ?? Date.now,
        chunkSize: opts.chunkSize ?? 10_000,
        hashWorkers: opts.hashWorkers ?? Math.max(1, os.availableParallelism()),
        log,
      };
      log(run.resumed ? `resuming run ${run.id} (it was interrupted)` : `run ${run.id}${ctx.dryRun ? ' (dry run: nothing will be kept)' : ''}`);
      const phasesMs: Record<string, number> = {};
      const timed = async (name: string, work: () => Promise<void>) => {
        const started = performance.now();
        log(`${name}…`);
        await work();
        phasesMs[name] = Math.round(performance.now() - started);
      };
      const negative: { sourceId: number; money: number; score: number }[] = [];
      const rooms = await sourceRooms(ctx);
      await timed('players', () => importPlayers(ctx));
      await timed('referrals', () => linkReferrals(ctx));
      const players = await playerIds(ctx);
      // Three lines of phases that touch different tables: side by side on PostgreSQL (each on its own
      // connections), one after the other on PGlite (one connection) and in a dry run (one transaction).
      const money = async (c: ImportContext) => {
        await timed('pay_accounts', () => importPayAccounts(c));
        await timed('requests', () => importRequests(c));
        await timed('balances', () => importBalances(c, negative));
      };
      const bets = (c: ImportContext) => timed('orders', () => importOrders(c, players, rooms));
      const rest = async (c: ImportContext) => {
        await timed('ledger', () => importLedger(c, players));
        await timed('draws', () => importDraws(c));
      };
      const started = performance.now();
      if (ctx.dryRun || target.kind !== 'postgres') {
        for (const line of [money, bets, rest]) await line(ctx);
      } else {
        await Promise.all([money(ctx), ...[bets, rest].map((line) => besideMain(database, ctx, line))]);
      }
      phasesMs.side_by_side = Math.round(performance.now() - started);
      let differences: Awaited<ReturnType<typeof compareRooms>> = [];
      await timed('rooms', async () => {
        differences = await target.chunk((tx) => compareRooms(tx, rooms, run.options.rooms));
      });
      const timing: HashTiming = { hashes: 0, ms: 0, threads: ctx.hashWorkers };
      const pool = ctx.dryRun ? undefined : openHashPool(ctx.hashWorkers);
      try {
        await timed('secrets', () => importSecrets(ctx, pool, timing));
      } finally {
        await pool?.close();
      }
      let openedNow = 0;
      if (run.options.open) {
        const [o] = await queryRows<{ n: number }>(
          target.db,
          sql`with o as (update imported_players set open = true where not open returning 1) select count(*)::int as n from o`,
        );
        openedNow = Number(o?.n ?? 0);
      }
      const report = await buildReport(ctx, { rooms: differences, negative, timing, phasesMs, opened: openedNow });
      await target.chunk(async (tx) => {
        await finishRun(tx, run, report);
        await tx.execute(
          sql`insert into audit_log (operator_id, action, target_type, target_id, detail) values (null, ${IMPORT_AUDIT.action}, ${IMPORT_AUDIT.targetType}, ${String(run.id)},
              ${JSON.stringify({ dry_run: ctx.dryRun, opened: openedNow, balances_equal: report.balances_equal, renamed: report.renamed.length, reconciliation: report.reconciliation })}::jsonb)`,
        );
      });
      return report;
    } finally {
      // After a failed statement the transaction of a dry run is aborted: the lock ends with the connection then.
      await target.db.execute(sql`select pg_advisory_unlock(${IMPORT_LOCK})`).catch(() => undefined);
    }
  });
}
