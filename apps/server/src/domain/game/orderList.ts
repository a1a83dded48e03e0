import { sql, type SQL } from 'drizzle-orm';
import { appliedOdds, formatOdds, type ApiLang } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { className, gameName, lotteryCode, money } from '../../present.js';
import { roomTitle, type RoomTitles } from './config.js';

const planNames = (v: unknown): RoomTitles | null => (v === null || v === undefined ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as RoomTitles));

/** The longest page of user/orderList. */
export const ORDER_PAGE_MAX = 500;

/**
 * One player's bets created in [from, to), or of round `issue` (any date), newest first, with the
 * bet order fields of docs/product.md#entities-and-their-fields. Always scoped to that player's own orders. Room titles are in `lang`.
 * A player brought from the previous product also sees its bets there (legacy_orders, `legacy: true`) in
 * the same list, by the same date range, order and pages — they are all older than the move, so they
 * follow this site's own; a round's list (`issue`) holds this site's bets only.
 */
export async function listOrders(db: DbOrTx, opts: { userId: number; from: number; to: number; issue?: string; page?: number; limit?: number; lang: ApiLang }) {
  if (opts.issue !== undefined) {
    return selectOrders(db, {
      userId: opts.userId,
      where: sql`o.issue = ${opts.issue}`,
      legacyWhere: null,
      page: opts.page,
      limit: opts.limit,
      lang: opts.lang,
    });
  }
  const [from, to] = [new Date(opts.from).toISOString(), new Date(opts.to).toISOString()];
  return selectOrders(db, {
    userId: opts.userId,
    where: sql`o.created_at >= ${from} and o.created_at < ${to}`,
    legacyWhere: sql`o.created_at >= ${from} and o.created_at < ${to}`,
    page: opts.page,
    limit: opts.limit,
    lang: opts.lang,
  });
}

/** One of the player's own bets by its order number; null when there is none (or it is another player's). */
export async function findOwnOrder(db: DbOrTx, opts: { userId: number; orderNo: string; lang: ApiLang }) {
  const where = sql`o.order_no = ${opts.orderNo}`;
  const [order] = await selectOrders(db, { userId: opts.userId, where, legacyWhere: where, limit: 1, lang: opts.lang });
  return order ?? null;
}

/** The same columns from the previous product's bets: its draw from legacy_draws, else the result the bet recorded. */
const legacyOrders = (userId: number, where: SQL) => sql`
    union all
    select o.id, o.order_no, o.game_id, coalesce(o.room_id, 0), o.issue, o.play_type, o.amount, (o.odds * 100)::int, null, o.status,
           o.whether_hit, o.payout - o.amount, o.payout, o.created_at, o.room_title, null,
           d.digit1, d.digit2, d.digit3, d.total, true, o.play_name, o.lottery_code
    from legacy_orders o
    left join legacy_draws d on d.game_id = o.game_id and d.issue = o.issue
    where o.user_id = ${userId} and ${where}`;

async function selectOrders(db: DbOrTx, opts: { userId: number; where: SQL; legacyWhere: SQL | null; page?: number; limit?: number; lang: ApiLang }) {
  const limit = Math.min(ORDER_PAGE_MAX, Math.max(1, opts.limit ?? ORDER_PAGE_MAX));
  const page = Math.max(1, opts.page ?? 1);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select o.id, o.order_no, o.game_id, o.room_id, o.issue, o.play_type, o.amount, o.odds, o.odds_special, o.status,
           o.whether_hit, o.profit, o.payout, o.created_at, r.title as plan_name, r.title_i18n as plan_names,
           d.digit1, d.digit2, d.digit3, d.total, false as legacy, null as play_name, null as legacy_code
    from orders o
    join rooms r on r.id = o.room_id
    join rounds d on d.id = o.round_id
    where o.user_id = ${opts.userId}
      and ${opts.where}
    ${opts.legacyWhere ? legacyOrders(opts.userId, opts.legacyWhere) : sql``}
    order by created_at desc, legacy, id desc
    limit ${limit} offset ${(page - 1) * limit}`,
  );
  const lang = opts.lang;
  return rows.map((r) => {
    const legacy = r.legacy === true;
    const settled = Number(r.status) === 1;
    const drawn = r.total !== null && r.total !== undefined;
    const createdAt = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
    const oddsSpecial = r.odds_special === null || r.odds_special === undefined ? null : Number(r.odds_special);
    // The odds the payout was computed with (docs/design.md#the-odds-table: the special odds on a total of 13 or 14).
    const applied =
      settled && drawn && !legacy
        ? appliedOdds({ playType: Number(r.play_type), odds: Number(r.odds), oddsSpecial }, [Number(r.digit1), Number(r.digit2), Number(r.digit3)])
        : 0;
    return {
      id: Number(r.id),
      orderNo: String(r.order_no),
      order_no: String(r.order_no),
      game_id: Number(r.game_id),
      name: gameName(lang, Number(r.game_id)),
      plan_id: Number(r.room_id),
      plan_name: legacy ? String(r.plan_name) : roomTitle({ title: String(r.plan_name), titles: planNames(r.plan_names) }, lang),
      issue: String(r.issue),
      play_type: r.play_type === null || r.play_type === undefined ? 0 : Number(r.play_type),
      play_method: r.play_type === null || r.play_type === undefined ? String(r.play_name ?? '') : className(lang, Number(r.play_type)),
      quantity: money(Number(r.amount)),
      odds: (Number(r.odds) / 100).toFixed(2),
      odds_special: oddsSpecial === null ? null : formatOdds(oddsSpecial),
      applied_odds: applied > 0 ? formatOdds(applied) : null,
      status: Number(r.status),
      whether_hit: settled ? Number(r.whether_hit) : null,
      profit: settled ? money(Number(r.profit)) : null,
      payout: settled ? money(Number(r.payout)) : null,
      lottery_code: drawn ? lotteryCode([Number(r.digit1), Number(r.digit2), Number(r.digit3)], Number(r.total)) : legacy ? String(r.legacy_code ?? '') : '',
      createtime: Math.floor(createdAt.getTime() / 1000),
      legacy,
    };
  });
}
