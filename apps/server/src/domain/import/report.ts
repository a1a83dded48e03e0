/**
 * The report of a run: counts per table (read, imported, updated, unchanged, skipped with the reason),
 * the balances before (the source's) and after (ours) to the cent, the players whose books at the source
 * were already wrong (last ledger balance ≠ balance), every renamed account, the rooms' differences, the
 * hashing phase's speed and the reconciliation of our books afterwards.
 */
import { sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { checkInvariants } from '../wallet/invariants.js';
import type { ImportContext } from './context.js';
import { centsOf, intOf } from './convert.js';
import type { Counts } from './journal.js';
import type { RoomDifference } from './rooms.js';
import type { HashTiming } from './secrets.js';

export interface Sums {
  money: number;
  score: number;
  pending_withdrawals: number;
}

export interface ImportReport {
  run: number;
  resumed: boolean;
  dry_run: boolean;
  source: string;
  counts: Counts;
  before: Sums;
  after: Sums;
  balances_equal: boolean;
  books_disagree: { source_id: number; username: string; money: string; last_over: string }[];
  negative_at_source: { source_id: number; money: string; score: string }[];
  renamed: { source_id: number; from: string; to: string }[];
  rooms: { applied: boolean; differences: RoomDifference[] };
  old_orders_unsettled: number;
  hashing: { hashes: number; seconds: number; threads: number; per_second_per_thread: number };
  phases_ms: Record<string, number>;
  reconciliation: { name: string; count: number }[];
  opened: number;
}

async function sourceSums(ctx: ImportContext): Promise<Sums> {
  const [u] = await ctx.source.rows('SELECT COALESCE(SUM(GREATEST(money, 0)), 0) AS money, COALESCE(SUM(GREATEST(score, 0)), 0) AS score FROM fa_user');
  const [w] = await ctx.source.rows(
    'SELECT COALESCE(SUM(ABS(l.quantity)), 0) AS amount FROM fa_quantity_log l JOIN fa_user u ON u.id = l.user_id WHERE l.type = 1 AND l.status = 0',
  );
  return { money: centsOf(u!.money), score: centsOf(u!.score), pending_withdrawals: centsOf(w!.amount) };
}

async function ourSums(db: DbOrTx): Promise<Sums> {
  const [r] = await queryRows<{ money: string | number; score: string | number; pending: string | number }>(
    db,
    sql`select coalesce(sum(u.money), 0)::bigint as money, coalesce(sum(u.score), 0)::bigint as score,
      (select coalesce(sum(w.amount), 0) from withdrawals w join imported_players p on p.user_id = w.user_id where w.status = 0)::bigint as pending
      from users u join imported_players p on p.user_id = u.id`,
  );
  return { money: Number(r!.money), score: Number(r!.score), pending_withdrawals: Number(r!.pending) };
}

/** Players whose last ledger row's balance-after is not their balance: the source's books were already wrong there. */
async function booksDisagree(ctx: ImportContext) {
  const rows = await ctx.source.rows(
    `SELECT u.id, u.username, u.money, l.over FROM fa_user u
     JOIN (SELECT user_id, MAX(id) AS id FROM fa_quantity_log GROUP BY user_id) m ON m.user_id = u.id
     JOIN fa_quantity_log l ON l.id = m.id WHERE l.over <> u.money ORDER BY u.id`,
  );
  return rows.map((r) => ({
    source_id: intOf(r.id),
    username: String(r.username),
    money: formatMoney(centsOf(r.money)),
    last_over: formatMoney(centsOf(r.over)),
  }));
}

export async function buildReport(
  ctx: ImportContext,
  parts: {
    rooms: RoomDifference[];
    negative: { sourceId: number; money: number; score: number }[];
    timing: HashTiming;
    phasesMs: Record<string, number>;
    opened: number;
  },
): Promise<ImportReport> {
  const db = ctx.target.db;
  const [before, after] = [await sourceSums(ctx), await ourSums(db)];
  const renamed = await queryRows<{ source_id: number | string; from: string; to: string }>(
    db,
    sql`select p.source_id, p.source_username as from, u.username as to from imported_players p join users u on u.id = p.user_id where p.renamed order by p.source_id`,
  );
  const [unsettled] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from legacy_orders where status = 0`);
  const seconds = parts.timing.ms / 1000;
  return {
    run: ctx.run.id,
    resumed: ctx.run.resumed,
    dry_run: ctx.dryRun,
    source: ctx.source.label,
    counts: ctx.run.counts,
    before,
    after,
    balances_equal: before.money === after.money && before.score === after.score && before.pending_withdrawals === after.pending_withdrawals,
    books_disagree: await booksDisagree(ctx),
    negative_at_source: parts.negative.map((n) => ({ source_id: n.sourceId, money: formatMoney(n.money), score: formatMoney(n.score) })),
    renamed: renamed.map((r) => ({ source_id: Number(r.source_id), from: r.from, to: r.to })),
    rooms: { applied: ctx.run.options.rooms, differences: parts.rooms },
    old_orders_unsettled: Number(unsettled?.n ?? 0),
    hashing: {
      hashes: parts.timing.hashes,
      seconds: Math.round(seconds * 10) / 10,
      threads: parts.timing.threads,
      per_second_per_thread: seconds > 0 ? Math.round((parts.timing.hashes / seconds / parts.timing.threads) * 10) / 10 : 0,
    },
    phases_ms: parts.phasesMs,
    reconciliation: (await checkInvariants(db)).filter((r) => r.count > 0).map((r) => ({ name: r.name, count: r.count })),
    opened: parts.opened,
  };
}

const m = (cents: number) => formatMoney(cents);

/** The report as the command prints it. */
export function formatReport(r: ImportReport): string {
  const lines: string[] = [];
  lines.push(`Import report — run ${r.run}${r.resumed ? ' (resumed after an interrupted run)' : ''}${r.dry_run ? ' — DRY RUN: nothing was written' : ''}`);
  lines.push(`source: ${r.source}`, '', 'table              read   imported  updated  unchanged  skipped');
  for (const [table, c] of Object.entries(r.counts)) {
    const skipped = Object.entries(c.skipped).filter(([, n]) => n > 0);
    lines.push(
      `${table.padEnd(16)} ${String(c.read).padStart(6)} ${String(c.imported).padStart(10)} ${String(c.updated).padStart(8)} ${String(c.unchanged).padStart(10)}  ${skipped.map(([k, n]) => `${n} ${k}`).join('; ') || '0'}`,
    );
  }
  lines.push('', 'balances           source (before)     Lucky28 (after)');
  lines.push(`cash (money)     ${m(r.before.money).padStart(17)} ${m(r.after.money).padStart(19)}`);
  lines.push(`bonus (score)    ${m(r.before.score).padStart(17)} ${m(r.after.score).padStart(19)}`);
  lines.push(`held withdrawals ${m(r.before.pending_withdrawals).padStart(17)} ${m(r.after.pending_withdrawals).padStart(19)}`);
  lines.push(r.balances_equal ? 'balances equal to the cent' : 'BALANCES DIFFER: see above');
  lines.push('', `players whose books disagree at the source (last ledger balance ≠ balance): ${r.books_disagree.length}`);
  for (const b of r.books_disagree) lines.push(`  #${b.source_id} ${b.username}: balance ${b.money}, last ledger balance ${b.last_over}`);
  if (r.negative_at_source.length) {
    lines.push('', `negative balances at the source, brought as 0: ${r.negative_at_source.length}`);
    for (const n of r.negative_at_source) lines.push(`  #${n.source_id}: cash ${n.money}, bonus ${n.score}`);
  }
  lines.push('', `renamed accounts: ${r.renamed.length}`);
  for (const n of r.renamed) lines.push(`  #${n.source_id} "${n.from}" → ${n.to}`);
  lines.push(
    '',
    `rooms: ${r.rooms.differences.length} difference(s)${r.rooms.differences.length ? (r.rooms.applied ? ', applied (--rooms)' : ', not applied (run with --rooms to apply)') : ''}`,
  );
  for (const d of r.rooms.differences) lines.push(`  room ${d.room} (game ${d.game}) ${d.field}: ours ${d.ours}, theirs ${d.theirs}`);
  if (r.old_orders_unsettled) lines.push('', `old bets still unsettled at the source: ${r.old_orders_unsettled}`);
  lines.push(
    '',
    `hashing: ${r.hashing.hashes} secrets in ${r.hashing.seconds} s on ${r.hashing.threads} thread(s)${r.hashing.per_second_per_thread ? `, ${r.hashing.per_second_per_thread} per second per thread` : ''}`,
  );
  lines.push(
    `phases: ${Object.entries(r.phases_ms)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  lines.push(r.reconciliation.length === 0 ? 'reconciliation: clean' : `RECONCILIATION: ${r.reconciliation.map((x) => `${x.name} ${x.count}`).join(', ')}`);
  if (r.opened) lines.push('', `opened: ${r.opened} imported players may sign in now`);
  return lines.join('\n');
}
