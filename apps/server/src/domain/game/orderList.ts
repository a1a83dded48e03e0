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
 * spec's bet order fields (§3). Always scoped to that player's own orders. Room titles are in `lang`.
 */
export async function listOrders(db: DbOrTx, opts: { userId: number; from: number; to: number; issue?: string; page?: number; limit?: number; lang: ApiLang }) {
  const range =
    opts.issue !== undefined
      ? sql`o.issue = ${opts.issue}`
      : sql`o.created_at >= ${new Date(opts.from).toISOString()} and o.created_at < ${new Date(opts.to).toISOString()}`;
  return selectOrders(db, { userId: opts.userId, where: range, page: opts.page, limit: opts.limit, lang: opts.lang });
}

/** One of the player's own bets by its order number; null when there is none (or it is another player's). */
export async function findOwnOrder(db: DbOrTx, opts: { userId: number; orderNo: string; lang: ApiLang }) {
  const [order] = await selectOrders(db, { userId: opts.userId, where: sql`o.order_no = ${opts.orderNo}`, limit: 1, lang: opts.lang });
  return order ?? null;
}

async function selectOrders(db: DbOrTx, opts: { userId: number; where: SQL; page?: number; limit?: number; lang: ApiLang }) {
  const limit = Math.min(ORDER_PAGE_MAX, Math.max(1, opts.limit ?? ORDER_PAGE_MAX));
  const page = Math.max(1, opts.page ?? 1);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select o.id, o.order_no, o.game_id, o.room_id, o.issue, o.play_type, o.amount, o.odds, o.odds_special, o.status,
           o.whether_hit, o.profit, o.payout, o.created_at, r.title as plan_name, r.title_i18n as plan_names,
           d.digit1, d.digit2, d.digit3, d.total
    from orders o
    join rooms r on r.id = o.room_id
    join rounds d on d.id = o.round_id
    where o.user_id = ${opts.userId}
      and ${opts.where}
    order by o.created_at desc, o.id desc
    limit ${limit} offset ${(page - 1) * limit}`,
  );
  const lang = opts.lang;
  return rows.map((r) => {
    const settled = Number(r.status) === 1;
    const drawn = r.total !== null && r.total !== undefined;
    const createdAt = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
    const oddsSpecial = r.odds_special === null || r.odds_special === undefined ? null : Number(r.odds_special);
    // The odds the payout was computed with (DESIGN §6: the special odds on a total of 13 or 14).
    const applied =
      settled && drawn
        ? appliedOdds({ playType: Number(r.play_type), odds: Number(r.odds), oddsSpecial }, [Number(r.digit1), Number(r.digit2), Number(r.digit3)])
        : 0;
    return {
      id: Number(r.id),
      orderNo: String(r.order_no),
      order_no: String(r.order_no),
      game_id: Number(r.game_id),
      name: gameName(lang, Number(r.game_id)),
      plan_id: Number(r.room_id),
      plan_name: roomTitle({ title: String(r.plan_name), titles: planNames(r.plan_names) }, lang),
      issue: String(r.issue),
      play_type: Number(r.play_type),
      play_method: className(lang, Number(r.play_type)),
      quantity: money(Number(r.amount)),
      odds: (Number(r.odds) / 100).toFixed(2),
      odds_special: oddsSpecial === null ? null : formatOdds(oddsSpecial),
      applied_odds: applied > 0 ? formatOdds(applied) : null,
      status: Number(r.status),
      whether_hit: settled ? Number(r.whether_hit) : null,
      profit: settled ? money(Number(r.profit)) : null,
      payout: settled ? money(Number(r.payout)) : null,
      lottery_code: drawn ? lotteryCode([Number(r.digit1), Number(r.digit2), Number(r.digit3)], Number(r.total)) : '',
      createtime: Math.floor(createdAt.getTime() / 1000),
    };
  });
}
