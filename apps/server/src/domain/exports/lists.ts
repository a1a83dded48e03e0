/**
 * The lists an operator may export as CSV (docs/operations.md#exports), one definition each: its
 * columns (header key in the API message catalogue, cell from a row) and how its rows are read — in
 * pages by key (`id < last order by id desc limit n`, never OFFSET, never the whole list at once), so a
 * million rows stream in constant memory on PGlite and PostgreSQL alike. Read-only.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatMoney, isMessageKey, maskName, maskTail, translate, zonedParts, type ApiLang, type MessageKey } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { className, gameName } from '../../present.js';
import { maskIdNumber } from '../wallet/withdrawals.js';
import { moneySummary } from '../wallet/moneySummary.js';
import { auditFilterConditions, type AuditFilter } from '../operators/auditList.js';
import { userFilterConditions, USERS_WITH_LAST_SESSION, type UserFilters } from '../users/directory.js';

export type Row = Record<string, unknown>;
type Cell = string | number | null;

/** What a cell may depend on besides its row. */
export interface ExportContext {
  lang: ApiLang;
  timeZone: string;
  now: number;
  /** Which kinds of personal field the caller's role may see in full; the others are masked. */
  reveals: { identity: boolean; payout: boolean };
}

export interface Column {
  header: MessageKey;
  cell: (row: Row, ctx: ExportContext) => Cell;
}

export interface ExportList<F> {
  columns: readonly Column[];
  /** Which masked kinds of field the list holds (what the audit row says was revealed). */
  masked: readonly ('identity' | 'payout')[];
  /** Every row of the filtered list, page after page of at most `pageSize`. */
  rows: (db: DbOrTx, filters: F, ctx: ExportContext, pageSize: number) => AsyncIterable<Row>;
}

/**
 * Pages by key, newest first: `page(after, limit)` answers at most `limit` rows with `id` below
 * `after` (no bound for the first page), ordered by `id` descending.
 */
export async function* byKey(pageSize: number, page: (after: SQL | null, limit: number) => Promise<Row[]>): AsyncIterable<Row> {
  let last: number | null = null;
  for (;;) {
    const rows = await page(last === null ? null : sql`${last}`, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    last = Number(rows[rows.length - 1]!.id);
  }
}

/** `and <column> < <after>` after the first page. */
const below = (column: SQL, after: SQL | null) => (after ? sql` and ${column} < ${after}` : sql``);
const where = (conds: SQL[]) => (conds.length ? sql.join(conds, sql` and `) : sql`true`);

const ms = (v: unknown): number | null => (v === null || v === undefined ? null : new Date(v as string).getTime());
/** A moment as "YYYY-MM-DD HH:mm:ss" in the operator's time zone (TIME_ZONE). */
export function zonedDateTime(v: unknown, timeZone: string): string | null {
  const t = ms(v);
  if (t === null) return null;
  const p = zonedParts(t, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}
const cents = (v: unknown): Cell => (v === null || v === undefined ? null : formatMoney(Number(v)));
const text = (v: unknown): Cell => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): Cell => (v === null || v === undefined ? null : Number(v));

const col = (header: MessageKey, cell: Column['cell']): Column => ({ header, cell });
const field = (name: string, header = name) => col(`csv.${header}` as MessageKey, (r) => text(r[name]));
const money = (name: string, header = name) => col(`csv.${header}` as MessageKey, (r) => cents(r[name]));
const when = (name: string, header = name) => col(`csv.${header}` as MessageKey, (r, c) => zonedDateTime(r[name], c.timeZone));
const idCol = col('csv.id', (r) => num(r.id));
/**
 * A column of codes (a status, a type, a kind) in the request's words: `csv.value.<words>.<code>` of
 * the message catalogue; a code without words (added after this list) shows as it is.
 */
const words = (name: string, kind: string, header = name) =>
  col(`csv.${header}` as MessageKey, (r, c) => {
    const code = text(r[name]);
    if (code === null) return null;
    const key = `csv.value.${kind}.${code}`;
    return isMessageKey(key) ? translate(c.lang, key) : code;
  });
const yesNo = (header: MessageKey, yes: (r: Row) => boolean) => col(header, (r, c) => translate(c.lang, yes(r) ? 'csv.value.yes' : 'csv.value.no'));

/** A real name and an ID number: in full for the roles that verify identities, masked otherwise. */
const realName = col('csv.real_name', (r, c) => (c.reveals.identity ? text(r.real_name) : maskName(String(r.real_name ?? ''))));
const idNumber = col('csv.idcard', (r, c) => (c.reveals.identity ? text(r.idcard) : maskIdNumber(String(r.idcard ?? ''))));

// --- deposits and withdrawals: the review queues of one status (all when none) ---

export interface ReviewFilter {
  status?: number;
}

export const depositsExport: ExportList<ReviewFilter> = {
  masked: [],
  columns: [
    idCol,
    field('user_id'),
    field('username'),
    money('amount'),
    words('channel', 'channel'),
    words('status', 'review'),
    field('reason'),
    when('created_at'),
    when('reviewed_at'),
  ],
  rows: (db, f, _ctx, pageSize) =>
    byKey(pageSize, (after, limit) =>
      queryRows<Row>(
        db,
        sql`select d.id, d.user_id, u.username, d.amount, d.channel, d.status, d.reason, d.created_at, d.reviewed_at
        from deposits d join users u on u.id = d.user_id
        where ${where(f.status === undefined ? [] : [sql`d.status = ${f.status}`])}${below(sql`d.id`, after)}
        order by d.id desc limit ${limit}`,
      ),
    ),
};

export const withdrawalsExport: ExportList<ReviewFilter> = {
  masked: ['identity', 'payout'],
  columns: [
    idCol,
    field('user_id'),
    field('username'),
    realName,
    idNumber,
    money('amount'),
    words('type', 'pay_type', 'pay_type'),
    // A bank card's number and holder as the player's own screens mask them; a wallet address is public.
    col('csv.account', (r, c) => {
      const a = r.account as { type?: number; acc?: string } | null;
      return !a ? null : c.reveals.payout || a.type !== 0 ? text(a.acc) : maskName(String(a.acc ?? ''));
    }),
    col('csv.account_name', (r, c) => {
      const a = r.account as { type?: number; acc_name?: string } | null;
      return !a ? null : c.reveals.payout || a.type !== 0 ? text(a.acc_name) : maskTail(String(a.acc_name ?? ''));
    }),
    col('csv.bank', (r) => text((r.account as { acc_bank?: string } | null)?.acc_bank)),
    words('status', 'review'),
    field('reason'),
    when('created_at'),
    when('reviewed_at'),
  ],
  rows: (db, f, _ctx, pageSize) =>
    byKey(pageSize, async (after, limit) =>
      (
        await queryRows<Row>(
          db,
          sql`select w.id, w.user_id, u.username, u.real_name, u.idcard, w.amount, w.type, w.account, w.status, w.reason, w.created_at, w.reviewed_at
          from withdrawals w join users u on u.id = w.user_id
          where ${where(f.status === undefined ? [] : [sql`w.status = ${f.status}`])}${below(sql`w.id`, after)}
          order by w.id desc limit ${limit}`,
        )
      ).map((r) => ({ ...r, account: typeof r.account === 'string' ? JSON.parse(r.account) : r.account })),
    ),
};

// --- players: the players list's filters (domain/users/directory.ts) ---

export const usersExport: ExportList<UserFilters> = {
  masked: ['identity'],
  columns: [
    idCol,
    field('username'),
    field('nickname'),
    words('group_id', 'group', 'group'),
    money('money'),
    money('score'),
    realName,
    idNumber,
    words('shiming', 'shiming', 'verified'),
    yesNo('csv.frozen', (r) => Boolean(r.disabled)),
    when('created_at'),
  ],
  rows: (db, f, ctx, pageSize) => {
    const match = userFilterConditions(f, ctx.now);
    return byKey(pageSize, (after, limit) =>
      queryRows<Row>(
        db,
        sql`select u.id, u.username, u.nickname, u.group_id, u.money, u.score, u.real_name, u.idcard, u.shiming, u.disabled, u.created_at
        from ${USERS_WITH_LAST_SESSION} where ${where(match)}${below(sql`u.id`, after)} order by u.id desc limit ${limit}`,
      ),
    );
  },
};

// --- bets (orders): one player's or everyone's, of a game and a period ---

export interface BetFilter {
  userId?: number;
  gameId?: number;
  from?: number;
  to?: number;
}

export const betsExport: ExportList<BetFilter> = {
  masked: [],
  columns: [
    idCol,
    field('order_no'),
    field('user_id'),
    field('username'),
    col('csv.game', (r, c) => gameName(c.lang, Number(r.game_id))),
    field('room'),
    field('issue'),
    col('csv.bet_class', (r, c) => className(c.lang, Number(r.play_type))),
    money('amount'),
    col('csv.odds', (r) => (Number(r.odds) / 100).toFixed(2)),
    words('status', 'order'),
    money('payout'),
    money('profit'),
    when('created_at'),
  ],
  rows: (db, f, _ctx, pageSize) => {
    const conds: SQL[] = [];
    if (f.userId !== undefined) conds.push(sql`o.user_id = ${f.userId}`);
    if (f.gameId !== undefined) conds.push(sql`o.game_id = ${f.gameId}`);
    if (f.from !== undefined) conds.push(sql`o.created_at >= ${new Date(f.from).toISOString()}`);
    if (f.to !== undefined) conds.push(sql`o.created_at < ${new Date(f.to).toISOString()}`);
    return byKey(pageSize, (after, limit) =>
      queryRows<Row>(
        db,
        sql`select o.id, o.order_no, o.user_id, u.username, o.game_id, r.title as room, o.issue, o.play_type, o.amount, o.odds, o.status,
          o.payout, o.profit, o.created_at
        from orders o join rooms r on r.id = o.room_id join users u on u.id = o.user_id
        where ${where(conds)}${below(sql`o.id`, after)} order by o.id desc limit ${limit}`,
      ),
    );
  },
};

// --- rounds: a game's drawn rounds ---

export interface RoundFilter {
  gameId: number;
  /** One round by its issue, as the rounds screen's search keeps it. */
  issue?: string;
}

export const roundsExport: ExportList<RoundFilter> = {
  masked: [],
  columns: [
    idCol,
    field('issue'),
    col('csv.digits', (r) => `${String(r.digit1)} ${String(r.digit2)} ${String(r.digit3)}`),
    field('total'),
    when('draws_at'),
    field('hash'),
    field('seed'),
    col('csv.orders', (r) => num(r.orders)),
    money('stakes'),
    money('payouts'),
    col('csv.house', (r) => cents(Number(r.stakes) - Number(r.payouts))),
  ],
  rows: (db, f, _ctx, pageSize) =>
    byKey(pageSize, (after, limit) =>
      queryRows<Row>(
        db,
        sql`select r.id, r.issue, r.digit1, r.digit2, r.digit3, r.total, r.draws_at, r.hash, r.seed,
          coalesce(o.stakes, 0)::bigint as stakes, coalesce(o.payouts, 0)::bigint as payouts, coalesce(o.n, 0)::int as orders
        from rounds r
        left join lateral (select sum(amount) as stakes, sum(coalesce(payout, 0)) as payouts, count(*) as n from orders where round_id = r.id) o on true
        where r.game_id = ${f.gameId} and r.drawn_at is not null${f.issue ? sql` and r.issue = ${f.issue}` : sql``}${below(sql`r.id`, after)}
        order by r.id desc limit ${limit}`,
      ),
    ),
};

// --- ledger: one player's or everyone's, of one type ---

export interface LedgerFilter {
  userId?: number;
  type?: number;
}

export const ledgerExport: ExportList<LedgerFilter> = {
  masked: [],
  columns: [
    idCol,
    field('user_id'),
    field('username'),
    words('type', 'ledger_type'),
    words('status', 'ledger_status'),
    words('wallet', 'wallet'),
    money('quantity', 'amount'),
    money('over', 'balance_after'),
    field('memo'),
    when('created_at'),
  ],
  rows: (db, f, _ctx, pageSize) => {
    const conds: SQL[] = [];
    if (f.userId !== undefined) conds.push(sql`l.user_id = ${f.userId}`);
    if (f.type !== undefined) conds.push(sql`l.type = ${f.type}`);
    return byKey(pageSize, (after, limit) =>
      queryRows<Row>(
        db,
        sql`select l.id, l.user_id, u.username, l.type, l.status, l.wallet, l.quantity, l.over, l.memo, l.created_at
        from ledger l join users u on u.id = l.user_id
        where ${where(conds)}${below(sql`l.id`, after)} order by l.id desc limit ${limit}`,
      ),
    );
  },
};

// --- the money dashboard's days: at most 367, computed as the dashboard computes them ---

export interface PeriodFilter {
  from: number;
  to: number;
}

export const moneyDaysExport: ExportList<PeriodFilter & { keepOn: DbOrTx }> = {
  masked: [],
  columns: [
    field('day'),
    field('deposits'),
    field('withdrawals'),
    field('gifts'),
    field('stakes'),
    field('payouts'),
    field('house'),
    field('adjustment_credits'),
    field('adjustment_debits'),
    field('players'),
  ],
  async *rows(db, f, ctx) {
    yield* (await moneySummary(db, f.from, f.to, ctx.timeZone, ctx.now, f.keepOn)).days;
  },
};

// --- the audit trail ---

/** The audit screen's filters (domain/operators/auditList.ts), without its paging. */
export type AuditExportFilter = Omit<AuditFilter, 'page' | 'limit'>;

/**
 * An audit row's action or target kind in the request's words: `<prefix>.<key>` of the shared message
 * catalogue, the same words the console's audit screen shows; a key without words (written before a
 * rename) shows as it is.
 */
const auditWords = (name: 'action' | 'target_type', prefix: 'audit.action' | 'audit.target') =>
  col(`csv.${name}` as MessageKey, (r, c) => {
    const key = text(r[name]);
    if (key === null || key === '') return key;
    return isMessageKey(`${prefix}.${key}`) ? translate(c.lang, `${prefix}.${key}`) : key;
  });

export const auditExport: ExportList<AuditExportFilter> = {
  masked: [],
  columns: [
    idCol,
    field('username', 'operator'),
    auditWords('action', 'audit.action'),
    auditWords('target_type', 'audit.target'),
    field('target_id'),
    col('csv.detail', (r) => (r.detail === null || r.detail === undefined ? null : typeof r.detail === 'string' ? r.detail : JSON.stringify(r.detail))),
    field('ip'),
    when('created_at'),
  ],
  rows: (db, f, _ctx, pageSize) => {
    const conds = auditFilterConditions(f);
    return byKey(pageSize, (after, limit) =>
      queryRows<Row>(
        db,
        sql`select a.id, o.username, a.action, a.target_type, a.target_id, a.detail, a.ip, a.created_at
        from audit_log a left join operators o on o.id = a.operator_id
        where ${where(conds)}${below(sql`a.id`, after)} order by a.id desc limit ${limit}`,
      ),
    );
  },
};
