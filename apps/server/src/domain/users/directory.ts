/**
 * The operators' view of players: search, and one player's page — balances,
 * inviter and invitees, sessions, masked payout accounts, ledger and bets. Read-only.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatMoney, type ApiLang } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { presentPayAccount, payAccountsOf } from '../accounts/payAccounts.js';
import { className, gameName } from '../../present.js';
import { protectionStatus } from '../protection/status.js';

const unix = (v: unknown) => (v === null || v === undefined ? null : Math.floor(new Date(v as string).getTime() / 1000));
const cents = (v: unknown) => formatMoney(Number(v ?? 0));

/** By id (digits), or username / nickname containing the text (case-insensitive); newest first. */
export async function searchUsers(db: DbOrTx, q: string | undefined, page = 1, limit = 20) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const id = q && /^\d{1,9}$/.test(q) ? Number(q) : null;
  const where = pattern ? sql`where u.id = ${id ?? -1} or u.username ilike ${pattern} or coalesce(u.nickname, '') ilike ${pattern}` : sql``;
  const select = (pageClause: SQL) => sql`
    select u.id, u.username, u.nickname, u.group_id, u.money, u.score, u.shiming, u.disabled, u.created_at, count(*) over () as total
    from users u ${where}
    order by (u.id = ${id ?? -1}) desc, u.id desc ${pageClause}`;
  return pageOf(db, { page, limit }, select, (r) => ({
    ...playerSummary(r),
    frozen: Boolean(r.disabled),
    created_at: unix(r.created_at),
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
      p.open as imported_open
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
  return pageOf(db, opts, select, (r) => ({
    id: Number(r.id),
    order_no: String(r.order_no),
    game_id: Number(r.game_id),
    game: gameName(opts.lang, Number(r.game_id)),
    room: String(r.room),
    issue: String(r.issue),
    play_type: Number(r.play_type),
    play_name: className(opts.lang, Number(r.play_type)),
    amount: cents(r.amount),
    odds: (Number(r.odds) / 100).toFixed(2),
    status: Number(r.status),
    whether_hit: r.whether_hit === null ? null : Number(r.whether_hit),
    payout: r.payout === null ? null : cents(r.payout),
    profit: r.profit === null ? null : cents(r.profit),
    createtime: unix(r.created_at),
  }));
}
