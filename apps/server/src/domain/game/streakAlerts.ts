/**
 * Streak alerts (docs/statistics.md#streak-alerts): a player's own "tell me when a run of this class in
 * this game reaches N". Off unless the player turns one on; sent, in the draw's transaction, as the
 * player's own station message (never on the shared home cards) when the run reaches exactly N; at most
 * one per player per STREAK_ALERT_GAP_MS; never to a player in a time-out or self-exclusion or who
 * opted out of promotions.
 */
import { sql } from 'drizzle-orm';
import { NOTICE_STATION, STREAK_ALERT_RUN } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { literal, queryRows } from '../../db/query.js';

/** The least time between two alerts to one player. */
export const STREAK_ALERT_GAP_MS = 30 * 60_000;
/** The run an alert turned on without one waits for. */
export const DEFAULT_STREAK_RUN = STREAK_ALERT_RUN.default;

export interface StreakAlert {
  gameId: number;
  classId: number;
  run: number;
}

export async function listStreakAlerts(db: DbOrTx, userId: number): Promise<StreakAlert[]> {
  const rows = await queryRows<{ game_id: number; class_id: number; min_run: number }>(
    db,
    sql`select game_id, class_id, min_run from streak_alerts where user_id = ${userId} order by game_id, class_id`,
  );
  return rows.map((r) => ({ gameId: Number(r.game_id), classId: Number(r.class_id), run: Number(r.min_run) }));
}

/** Turns one alert on (with its run; a changed run keeps the rate limit's clock) or off. */
export async function setStreakAlert(db: DbOrTx, userId: number, alert: { gameId: number; classId: number; run?: number; on: boolean }): Promise<void> {
  if (!alert.on) {
    await db.execute(sql`delete from streak_alerts where user_id = ${userId} and game_id = ${alert.gameId} and class_id = ${alert.classId}`);
    return;
  }
  const run = Math.min(STREAK_ALERT_RUN.max, Math.max(STREAK_ALERT_RUN.min, alert.run ?? DEFAULT_STREAK_RUN));
  await db.execute(sql`
    insert into streak_alerts (user_id, game_id, class_id, min_run) values (${userId}, ${alert.gameId}, ${alert.classId}, ${run})
    on conflict (user_id, game_id, class_id) do update set min_run = excluded.min_run`);
}

/**
 * Sends the alerts a draw of the game just set off (after `countDraw`, in the draw's transaction, so
 * an alert exists exactly when its draw does). One message per player at most, of their lowest class.
 */
export async function sendStreakAlerts(tx: DbOrTx, gameId: number, now: number): Promise<number> {
  const at = new Date(now).toISOString();
  const since = new Date(now - STREAK_ALERT_GAP_MS).toISOString();
  const rows = await queryRows<{ n: number | string }>(
    tx,
    sql`
    with due as (
      select distinct on (a.user_id) a.user_id, a.class_id, s.current_run
      from streak_alerts a
      join draw_statistics s on s.game_id = a.game_id and s.class_id = a.class_id
      join users u on u.id = a.user_id
      where a.game_id = ${gameId} and s.current_run = a.min_run
        and not u.promotions_opt_out
        and (u.excluded_until is null or u.excluded_until <= ${at})
        and not exists (select 1 from streak_alerts b where b.user_id = a.user_id and b.last_sent_at > ${since})
      order by a.user_id, a.class_id
    ),
    stamped as (
      update streak_alerts a set last_sent_at = ${at}
      from due d where a.user_id = d.user_id and a.game_id = ${gameId} and a.class_id = d.class_id
    ),
    sent as (
      insert into notices (kind, user_id, msg_key, params, created_at)
      select ${literal(NOTICE_STATION)}, d.user_id, 'streak_alert',
        jsonb_build_object('game_id', ${String(gameId)}::text, 'class_id', d.class_id::text, 'run', d.current_run::text), ${at}
      from due d
      returning 1
    )
    select count(*) as n from sent`,
  );
  return Number(rows[0]?.n ?? 0);
}
