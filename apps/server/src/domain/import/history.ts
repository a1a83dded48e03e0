/**
 * History: the source's bets (fa_order), ledger rows (fa_quantity_log) and drawn results (fa_issue) go
 * to tables of their own — legacy_orders, legacy_ledger, legacy_draws — which belong to no round of ours
 * and count in no balance and no invariant. Converted on the way: the source's `profit` is the gross
 * payout, stake included (kept as `payout`; the net is payout − stake); its balance-after is the cash
 * balance only (`cash_after`); its classes are mapped to ours through its rule table (classes.ts), its
 * rooms to ours of the same tier (rooms.ts). Only drawn results (status 1) are kept: the pre-generated
 * ones of rounds not yet drawn there are never read into our database.
 *
 * A chunk whose id range holds nothing yet (every first run) is copied straight into its table; any other
 * is copied into a scratch table and merged, a row written only when it is new or changed at the source.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { eachChunk, type ImportContext } from './context.js';
import { centsOf, instantOf, intOf, textOf } from './convert.js';
import type { CountsDelta } from './journal.js';
import type { SourceRooms } from './rooms.js';
import type { CopyValue } from './target.js';

export const ORDER_COLUMNS = [
  'source_id',
  'user_id',
  'order_no',
  'game_id',
  'room_id',
  'room_title',
  'issue',
  'play_type',
  'play_name',
  'odds',
  'amount',
  'payout',
  'status',
  'whether_hit',
  'lottery_code',
  'created_at',
] as const;
export const LEDGER_COLUMNS = ['source_id', 'user_id', 'type', 'status', 'quantity', 'cash_after', 'memo', 'created_at'] as const;
const DRAW_COLUMNS = ['game_id', 'issue', 'digit1', 'digit2', 'digit3', 'total'] as const;

/** Our user id of each imported source player. */
export async function playerIds(ctx: ImportContext): Promise<Map<number, number>> {
  const rows = await queryRows<{ source_id: number | string; user_id: number }>(ctx.target.db, sql`select source_id, user_id from imported_players`);
  return new Map(rows.map((r) => [Number(r.source_id), r.user_id]));
}

/** A source bet as a legacy_orders row, or null when its player was not imported. */
export function orderRow(r: Record<string, unknown>, players: Map<number, number>, rooms: SourceRooms, now: Date): CopyValue[] | null {
  const userId = players.get(intOf(r.user_id));
  if (userId === undefined) return null;
  const plan = intOf(r.plan_id);
  const room = rooms.rooms.get(plan);
  const status = intOf(r.status);
  return [
    intOf(r.id),
    userId,
    textOf(r.orderNo),
    intOf(r.game_id),
    room?.roomId ?? null,
    room?.title ?? '',
    textOf(r.issue),
    rooms.classes.of(plan, intOf(r.play_type)) ?? null,
    textOf(r.play_method),
    textOf(r.odds) || '0',
    centsOf(r.quantity),
    status === 1 ? centsOf(r.profit) : 0,
    status,
    status === 1 ? intOf(r.whether_hit) : 0,
    textOf(r.lottery_code),
    instantOf(r.createtime, now),
  ];
}

/** A source ledger row as a legacy_ledger row, or null when its player was not imported. */
export function ledgerRow(r: Record<string, unknown>, players: Map<number, number>, now: Date): CopyValue[] | null {
  const userId = players.get(intOf(r.user_id));
  if (userId === undefined) return null;
  return [intOf(r.id), userId, intOf(r.type), intOf(r.status), centsOf(r.quantity), centsOf(r.over), textOf(r.mark), instantOf(r.createtime, now)];
}

/** Writes one chunk's rows: straight in when the table holds none of its id range, else merged. */
async function writeRows(
  tx: Tx,
  ctx: ImportContext,
  table: string,
  columns: readonly string[],
  key: readonly string[],
  rows: CopyValue[][],
  range: { column: string; from: number; to: number } | null,
): Promise<{ imported: number; updated: number; unchanged: number }> {
  if (rows.length === 0) return { imported: 0, updated: 0, unchanged: 0 };
  if (range) {
    const [hit] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from ${sql.raw(table)} where ${sql.raw(range.column)} between ${range.from} and ${range.to} limit 1) x`,
    );
    if (Number(hit?.n ?? 0) === 0) {
      await ctx.target.copy(tx, table, columns, rows);
      return { imported: rows.length, updated: 0, unchanged: 0 };
    }
  }
  const stage = `import_stage_${table}`;
  await tx.execute(sql.raw(`create temp table if not exists ${stage} as select ${columns.join(', ')} from ${table} with no data`));
  await tx.execute(sql.raw(`truncate ${stage}`));
  await ctx.target.copy(tx, stage, columns, rows);
  const rest = columns.filter((c) => !key.includes(c));
  const [c] = await queryRows<{ inserted: number; changed: number }>(
    tx,
    sql.raw(`
    with up as (
      insert into ${table} (${columns.join(', ')}) select ${columns.join(', ')} from ${stage}
      on conflict (${key.join(', ')}) do update set (${rest.join(', ')}) = (${rest.map((r) => `excluded.${r}`).join(', ')})
      where (${rest.map((r) => `${table}.${r}`).join(', ')}) is distinct from (${rest.map((r) => `excluded.${r}`).join(', ')})
      returning (xmax = 0) as inserted
    )
    select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as changed from up`),
  );
  return { imported: c!.inserted, updated: c!.changed, unchanged: rows.length - c!.inserted - c!.changed };
}

function counted(read: number, written: { imported: number; updated: number; unchanged: number }, notImported: number): CountsDelta {
  return { read, ...written, skipped: { 'player not imported': notImported } };
}

export async function importOrders(ctx: ImportContext, players: Map<number, number>, rooms: SourceRooms): Promise<void> {
  const now = new Date(ctx.now());
  await eachChunk(
    ctx,
    'orders',
    {
      table: 'fa_order',
      columns: 'id, orderNo, user_id, game_id, plan_id, issue, play_type, play_method, odds, quantity, profit, whether_hit, status, lottery_code, createtime',
    },
    async (tx, rows) => {
      const out = rows.map((r) => orderRow(r, players, rooms, now)).filter((r): r is CopyValue[] => r !== null);
      const range = { column: 'source_id', from: intOf(rows[0]!.id), to: intOf(rows[rows.length - 1]!.id) };
      const written = await writeRows(tx, ctx, 'legacy_orders', ORDER_COLUMNS, ['source_id'], out, range);
      return { fa_order: counted(rows.length, written, rows.length - out.length) };
    },
  );
}

export async function importLedger(ctx: ImportContext, players: Map<number, number>): Promise<void> {
  const now = new Date(ctx.now());
  await eachChunk(ctx, 'ledger', { table: 'fa_quantity_log', columns: 'id, user_id, type, status, quantity, `over`, mark, createtime' }, async (tx, rows) => {
    const out = rows.map((r) => ledgerRow(r, players, now)).filter((r): r is CopyValue[] => r !== null);
    const range = { column: 'source_id', from: intOf(rows[0]!.id), to: intOf(rows[rows.length - 1]!.id) };
    const written = await writeRows(tx, ctx, 'legacy_ledger', LEDGER_COLUMNS, ['source_id'], out, range);
    return { fa_quantity_log: counted(rows.length, written, rows.length - out.length) };
  });
}

export async function importDraws(ctx: ImportContext): Promise<void> {
  await eachChunk(ctx, 'draws', { table: 'fa_issue', columns: 'id, game_id, issue, site_1, site_2, site_3, code, status' }, async (tx, rows) => {
    const drawn = rows.filter((r) => intOf(r.status) === 1);
    // One result per game and issue: the source's last row wins.
    const byKey = new Map(drawn.map((r) => [`${intOf(r.game_id)}:${textOf(r.issue)}`, r]));
    const out = [...byKey.values()].map((r): CopyValue[] => [
      intOf(r.game_id),
      textOf(r.issue),
      intOf(r.site_1),
      intOf(r.site_2),
      intOf(r.site_3),
      intOf(r.code),
    ]);
    const written = await writeRows(tx, ctx, 'legacy_draws', DRAW_COLUMNS, ['game_id', 'issue'], out, null);
    return { fa_issue: { read: rows.length, ...written, skipped: { 'not drawn yet (pre-generated)': rows.length - drawn.length } } };
  });
}
