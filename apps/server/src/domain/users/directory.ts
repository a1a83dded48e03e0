/**
 * The operators' view of players: search, and one player's page — balances,
 * inviter and invitees, sessions, masked payout accounts, ledger and bets. Read-only.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatMoney, type ApiLang, type UserStatus } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { presentPayAccount, payAccountsOf } from '../accounts/payAccounts.js';
import { className, gameName } from '../../present.js';
import { protectionStatus } from '../protection/status.js';

const unix = (v: unknown) => (v === null || v === undefined ? null : Math.floor(new Date(v as string).getTime() / 1000));
const cents = (v: unknown) => formatMoney(Number(v ?? 0));

/** The console's filters on the players list, resolved: instants in ms, amounts in cents. */
export interface UserFilters {
  q?: string;
  status?: UserStatus;
  registeredFrom?: number;
  registeredTo?: number;
  inviterId?: number;
  balanceMin?: number | null;
  balanceMax?: number | null;
  signedInFrom?: number;
  signedInTo?: number;
  ip?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A player's status (USER_STATUSES), the first that holds, as SQL over `users u` at `now`. */
const statusSql = (now: number) => sql`case
    when u.disabled then 'frozen'
    when u.excluded_until > ${iso(now)} and u.exclusion_kind = 'self_exclusion' then 'self_excluded'
    when u.excluded_until > ${iso(now)} then 'timeout'
    when u.group_id = 2 then 'guest'
    else 'active' end`;

/**
 * The players list's filters as SQL over `users u` and its newest session `last` (USERS_WITH_LAST_SESSION):
 * by id (digits), or username / nickname containing the text (case-insensitive), and each filter given.
 * Every value is a bound parameter. The players list and its CSV export (domain/exports/lists.ts) both read it.
 */
export function userFilterConditions(f: UserFilters, now: number): SQL[] {
  const { q } = f;
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const conditions: SQL[] = [];
  if (pattern) conditions.push(sql`(u.id = ${searchedId(q) ?? -1} or u.username ilike ${pattern} or coalesce(u.nickname, '') ilike ${pattern})`);
  if (f.status) conditions.push(sql`${statusSql(now)} = ${f.status}`);
  if (f.registeredFrom !== undefined) conditions.push(sql`u.created_at >= ${iso(f.registeredFrom)}`);
  if (f.registeredTo !== undefined) conditions.push(sql`u.created_at < ${iso(f.registeredTo)}`);
  if (f.inviterId !== undefined) conditions.push(sql`u.inviter_id = ${f.inviterId}`);
  if (f.balanceMin !== undefined && f.balanceMin !== null) conditions.push(sql`(u.money + u.score) >= ${f.balanceMin}`);
  if (f.balanceMax !== undefined && f.balanceMax !== null) conditions.push(sql`(u.money + u.score) <= ${f.balanceMax}`);
  if (f.signedInFrom !== undefined) conditions.push(sql`last.created_at >= ${iso(f.signedInFrom)}`);
  if (f.signedInTo !== undefined) conditions.push(sql`last.created_at < ${iso(f.signedInTo)}`);
  if (f.ip) conditions.push(sql`exists (select 1 from sessions s where s.ip = ${f.ip} and s.user_id = u.id)`);
  return conditions;
}

/** The id a search text names (digits only), if any. */
const searchedId = (q: string | undefined) => (q && /^\d{1,9}$/.test(q) ? Number(q) : null);

/** `users u` with its newest session as `last`: the last sign-in is the newest session's start (sessions_user_idx). */
export const USERS_WITH_LAST_SESSION = sql`users u
    left join lateral (select s.created_at, s.ip from sessions s where s.user_id = u.id order by s.created_at desc, s.id desc limit 1) last on true`;

/**
 * The players list: `userFilterConditions`, newest first (an exact id first); an address matches any kept
 * session from it (sessions_ip_idx).
 */
export async function searchUsers(db: DbOrTx, f: UserFilters, now: number, page = 1, limit = 20) {
  const id = searchedId(f.q);
  const status = statusSql(now);
  const conditions = userFilterConditions(f, now);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const select = (pageClause: SQL) => sql`
    select u.id, u.username, u.nickname, u.group_id, u.money, u.score, u.shiming, u.disabled, u.created_at, ${status} as status,
      last.created_at as last_sign_in_at, last.ip as last_ip, count(*) over () as total
    from ${USERS_WITH_LAST_SESSION}
    ${where}
    order by (u.id = ${id ?? -1}) desc, u.id desc ${pageClause}`;
  return pageOf(db, { page, limit }, select, (r) => ({
    ...playerSummary(r),
    frozen: Boolean(r.disabled),
    created_at: unix(r.created_at),
    status: r.status as UserStatus,
    last_sign_in_at: unix(r.last_sign_in_at),
    last_ip: (r.last_ip as string | null) ?? '',
  }));
}

/**
 * One page of a list (20 rows unless `limit` says otherwise) and the size of the whole list: `select`
 * counts it as `total` (`count(*) over ()`) and ends with the page clause it is given.
 */
async function pageOf<T>(db: DbOrTx, at: { page?: number; limit?: number }, select: (pageClause: SQL) => SQL, present: (row: Record<string, unknown>) => T) {
  const limit = at.limit ?? 20;
  const rows = await queryRows<Record<string, unknown>>(db, select(sql`limit ${limit} offset ${((at.page ?? 1) - 1) * limit}`));
  return { total: Number(rows[0]?.total ?? 0), list: rows.map(present) };
}

/** The fields a player's row and a player's page share: who, group, balances, real-name state. */
function playerSummary(u: Record<string, unknown>) {
  return {
    id: Number(u.id),
    username: String(u.username),
    nickname: (u.nickname as string | null) ?? '',
    group_id: Number(u.group_id),
    money: cents(u.money),
    score: cents(u.score),
    balance: cents(Number(u.money) + Number(u.score)),
    shiming: Number(u.shiming),
  };
}

/**
 * One player's page, with `protection`: the responsible-gambling status (time-out or self-exclusion
 * in force, limits, reality-check interval), read-only — nothing here can lift an exclusion.
 */
export async function userDetail(db: DbOrTx, userId: number, now: number) {
  const [u] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select u.*, i.username as inviter_name, p.source_id as imported_source_id, p.source_username as imported_name, p.agent as imported_agent,
      p.open as imported_open, exists (select 1 from operator_linked_players o where o.user_id = u.id) as operator_linked
    from users u left join users i on i.id = u.inviter_id left join imported_players p on p.user_id = u.id where u.id = ${userId}`,
  );
  if (!u) return null;
  const invitees = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, username, created_at, count(*) over () as total from users where inviter_id = ${userId} order by id desc limit 50`,
  );
  const sessions = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, created_at, last_seen_at, expires_at, ip, user_agent, remember from sessions
    where user_id = ${userId} and revoked_at is null and expires_at > ${new Date(now).toISOString()}
    order by last_seen_at desc limit 20`,
  );
  const accounts = await payAccountsOf(db, userId);
  return {
    ...playerSummary(u),
    real_name: (u.real_name as string | null) ?? '',
    has_idcard: u.idcard !== null,
    has_security_code: u.security_code_hash !== null,
    frozen: Boolean(u.disabled),
    created_at: unix(u.created_at),
    inviter: u.inviter_id === null ? null : { id: Number(u.inviter_id), username: (u.inviter_name as string | null) ?? '' },
    invitees: {
      total: Number(invitees[0]?.total ?? 0),
      list: invitees.map((i) => ({ id: Number(i.id), username: String(i.username), created_at: unix(i.created_at) })),
    },
    sessions: sessions.map((s) => ({
      id: Number(s.id),
      created_at: unix(s.created_at),
      last_seen_at: unix(s.last_seen_at),
      expires_at: unix(s.expires_at),
      ip: (s.ip as string | null) ?? '',
      user_agent: (s.user_agent as string | null) ?? '',
      remember: Boolean(s.remember),
    })),
    /** Masked as the player sees them; revealing one in full is a separate, audited call. */
    accounts: accounts.map(presentPayAccount),
    protection: await protectionStatus(db, userId, now),
    /** Linked to the operator (staff, relatives, test accounts): never paid a red packet share (docs/red-packets.md). */
    operator_linked: Boolean(u.operator_linked),
    /** A player brought from the previous product (docs/import.md): its id and name there, its agent, and whether the move is open. */
    imported:
      u.imported_source_id === null || u.imported_source_id === undefined
        ? null
        : {
            source_id: Number(u.imported_source_id),
            source_username: String(u.imported_name),
            agent: (u.imported_agent as string | null) ?? '',
            open: Boolean(u.imported_open),
          },
  };
}

/** One bound account in full (for an audited reveal). */
export async function payAccountInFull(db: DbOrTx, userId: number, type: number) {
  const account = (await payAccountsOf(db, userId)).find((a) => a.type === type);
  return account ? { type: account.type, acc: account.acc, acc_name: account.accName, acc_bank: account.accBank, mark: account.mark } : null;
}

export async function userLedgerPage(db: DbOrTx, userId: number, opts: { type?: number; page?: number; limit?: number }) {
  const select = (pageClause: SQL) => sql`
    select id, type, status, wallet, quantity, applied, over, gorct, ref_type, ref_id, memo, created_at, count(*) over () as total
    from ledger where user_id = ${userId} ${opts.type === undefined ? sql`` : sql`and type = ${opts.type}`}
    order by id desc ${pageClause}`;
  return pageOf(db, opts, select, (r) => ({
    id: Number(r.id),
    type: Number(r.type),
    status: Number(r.status),
    wallet: String(r.wallet),
    quantity: cents(r.quantity),
    applied: Boolean(r.applied),
    over: cents(r.over),
    ref_type: (r.ref_type as string | null) ?? '',
    ref_id: r.ref_id === null ? null : Number(r.ref_id),
    memo: (r.memo as string | null) ?? '',
    createtime: unix(r.created_at),
  }));
}

export async function userBetsPage(db: DbOrTx, userId: number, opts: { lang: ApiLang; page?: number; limit?: number }) {
  const select = (pageClause: SQL) => sql`
    select o.id, o.order_no, o.game_id, o.issue, o.play_type, o.amount, o.odds, o.status, o.whether_hit, o.payout, o.profit,
           o.created_at, r.title as room, count(*) over () as total
    from orders o join rooms r on r.id = o.room_id where o.user_id = ${userId}
    order by o.id desc ${pageClause}`;
  return pageOf(db, opts, select, (r) => presentBet(r, opts.lang));
}

/** One bet as the player's history and the console's lists show it. */
function presentBet(r: Record<string, unknown>, lang: ApiLang) {
  return {
    id: Number(r.id),
    order_no: String(r.order_no),
    game_id: Number(r.game_id),
    game: gameName(lang, Number(r.game_id)),
    room: String(r.room),
    issue: String(r.issue),
    play_type: Number(r.play_type),
    play_name: className(lang, Number(r.play_type)),
    amount: cents(r.amount),
    odds: (Number(r.odds) / 100).toFixed(2),
    status: Number(r.status),
    whether_hit: r.whether_hit === null ? null : Number(r.whether_hit),
    payout: r.payout === null ? null : cents(r.payout),
    profit: r.profit === null ? null : cents(r.profit),
    createtime: unix(r.created_at),
  };
}

/** A bet with its player (id and username, as the console's queues show players) and its round. */
const presentFoundBet = (r: Record<string, unknown>, lang: ApiLang) => ({
  ...presentBet(r, lang),
  user_id: Number(r.user_id),
  username: String(r.username),
  round_id: Number(r.round_id),
});

const betColumns = sql`o.id, o.order_no, o.user_id, u.username, o.game_id, o.round_id, o.issue, o.play_type, o.amount, o.odds, o.status,
  o.whether_hit, o.payout, o.profit, o.created_at, r.title as room`;

/** A bet by its order number (orders_no_uq), or null. */
export async function findOrder(db: DbOrTx, orderNo: string, lang: ApiLang) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${betColumns} from orders o join rooms r on r.id = o.room_id join users u on u.id = o.user_id where o.order_no = ${orderNo}`,
  );
  return row ? presentFoundBet(row, lang) : null;
}

/**
 * A round and a page of its bets across its rooms, oldest first, by key: the rows after order id `after`
 * (orders_round_status_idx leads with round_id); `next` is the last row's id when more follow. Null when
 * there is no such round.
 */
export async function roundBetsPage(db: DbOrTx, roundId: number, opts: { lang: ApiLang; after?: number; limit?: number }) {
  const [round] = await queryRows<Record<string, unknown>>(db, sql`select id, game_id, issue, total, drawn_at from rounds where id = ${roundId}`);
  if (!round) return null;
  const limit = opts.limit ?? 50;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${betColumns} from orders o join rooms r on r.id = o.room_id join users u on u.id = o.user_id
    where o.round_id = ${roundId} and o.id > ${opts.after ?? 0} order by o.id limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  return {
    round: {
      id: Number(round.id),
      game_id: Number(round.game_id),
      issue: String(round.issue),
      total: round.total === null ? null : Number(round.total),
      drawn_at: unix(round.drawn_at),
    },
    list: page.map((r) => presentFoundBet(r, opts.lang)),
    next: rows.length > limit ? Number(page[page.length - 1]!.id) : null,
  };
}
