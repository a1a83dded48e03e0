/** Shared set-up for the referral tests: members linked by invitation, bets settled, days run. */
import { api } from '@lucky28/shared/api';
import { EVEN_MONEY_PAID, houseEdgeScaled } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '../../src/clock.js';
import type { DbOrTx } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { runDueDays } from '../../src/domain/referral/commission.js';
import { zonedTimeToUtc } from '../../src/domain/time.js';
import { registerUser, callApi, gameHeart } from '../helpers.js';
import { fund, roomOf, ROUND_MS } from '../game/kit.js';

export type Member = Awaited<ReturnType<typeof registerUser>>;

/** A funded member invited by `inviter` (none: a member who signed up alone). */
export async function member(app: FastifyInstance, inviter?: Member, cents = 5_000_00, extra: Record<string, unknown> = {}): Promise<Member> {
  const user = await registerUser(app, { ...(inviter ? { inviter_id: inviter.userId } : {}), ...extra });
  if (cents > 0) await fund(app, user.userId, cents);
  return user;
}

/** A session of `who` now (the clock jumps whole days, past a session's idle expiry), from an address of its own. */
async function signIn(app: FastifyInstance, who: Member): Promise<string> {
  const res = await callApi(app, api.user.login, { account: who.username, password: who.password }, { ip: `10.8.${who.userId >> 8}.${who.userId & 255}` });
  if (res.code !== 1) throw new Error(`login refused: ${JSON.stringify(res)}`);
  return res.data.userinfo.token as string;
}

/** One round of game 7: every bet placed (`playType` may list several classes: "1,2,3"), then drawn and settled. */
export async function playRound(app: FastifyInstance, clock: ManualClock, bets: { who: Member; playType: string; money: string }[]): Promise<void> {
  await app.game.scheduler.tick();
  const heart = await callApi(app, api.lottery.heart, { game_id: 7 });
  const issue = gameHeart(heart.data).issue.issue;
  const plan = await roomOf(app, 7, 0);
  for (const b of bets) {
    const token = await signIn(app, b.who);
    const res = await callApi(app, api.lottery.playOrder, { issue, game_id: 7, plan_id: plan, play_type: b.playType, money: b.money }, { token });
    if (res.code !== 1) throw new Error(`bet refused: ${JSON.stringify(res)}`);
  }
  clock.advance(ROUND_MS);
  await app.game.scheduler.tick();
}

/** Moves the clock to `hour`:`minute` of the day after the one it shows (Asia/Shanghai), so the day before is due. */
export function toNextDay(clock: ManualClock, hour = 0, minute = 30): void {
  const local = new Date(clock.now() + 8 * 3_600_000);
  clock.set(zonedTimeToUtc(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate() + 1, 'Asia/Shanghai', hour, minute));
}

export const runDays = (app: FastifyInstance, clock: ManualClock) => runDueDays(app.db, { now: clock.now(), timeZone: app.config.timeZone });

/** The orders of `userIds` settled on operator-day `day`, with the edge of each (the shared JS formula). */
export async function edgeOf(db: DbOrTx, userIds: number[], day: string): Promise<bigint> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select o.play_type, o.amount, o.odds, o.odds_special from orders o join referral_days d on d.day = ${day}
        where o.status = 1 and o.settled_at >= d.starts_at and o.settled_at < d.ends_at and o.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return rows.reduce(
    (sum, r) =>
      sum +
      BigInt(
        houseEdgeScaled({
          playType: Number(r.play_type),
          amount: Number(r.amount),
          odds: Number(r.odds),
          oddsSpecial: r.odds_special === null ? null : Number(r.odds_special),
        }),
      ),
    0n,
  );
}

/** floor(edge × rate / (EVEN_MONEY_PAID × 10,000)) in cents. */
export const commissionOf = (edge: bigint, rateBp: number) => Number((edge * BigInt(rateBp)) / BigInt(EVEN_MONEY_PAID * 10_000));

export interface CommissionRow {
  id: number;
  day: string;
  referrer_id: number;
  pot: number;
  orders: number;
  stakes: number;
  amount: number;
  status: number;
  hold_reason: string | null;
  ledger_id: number | null;
}

export async function commissionRows(db: DbOrTx, referrerId?: number): Promise<CommissionRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, day, referrer_id, pot, orders, stakes, amount, status, hold_reason, ledger_id from referral_commissions
        ${referrerId === undefined ? sql`` : sql`where referrer_id = ${referrerId}`} order by day, referrer_id, pot`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    day: String(r.day),
    referrer_id: Number(r.referrer_id),
    pot: Number(r.pot),
    orders: Number(r.orders),
    stakes: Number(r.stakes),
    amount: Number(r.amount),
    status: Number(r.status),
    hold_reason: (r.hold_reason as string | null) ?? null,
    ledger_id: r.ledger_id === null ? null : Number(r.ledger_id),
  }));
}

/** The player's commission ledger rows (type 5). */
export async function commissionPayments(db: DbOrTx, userId: number): Promise<{ id: number; quantity: number; ref_id: number }[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`select id, quantity, ref_id from ledger where type = 5 and user_id = ${userId} order by id`);
  return rows.map((r) => ({ id: Number(r.id), quantity: Number(r.quantity), ref_id: Number(r.ref_id) }));
}
