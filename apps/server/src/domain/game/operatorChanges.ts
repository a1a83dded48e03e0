/**
 * Operators' changes to games and rooms. A change is checked, then stored as the
 * game's or room's `pending` configuration from the start of the next round (see config.ts); the
 * engine puts it in force at that instant on every node. A room's odds table is refused when any
 * class would return more than 100 % to players (computed exactly with packages/shared).
 */
import { eq, sql } from 'drizzle-orm';
import { BET_CLASSES, betClass, formatMoney, formatOdds, resolveRoomOdds, returnToPlayer, type ApiLang, type ClassOddsOverride } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { games, rooms } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { className } from '../../present.js';

export interface OddsRow {
  class: number;
  odds: number;
  odds_special: number | null;
  min: number;
  max: number;
  enabled: boolean;
}

/** The room's override as stored: every class explicitly, so the table is exactly what the operator saw. */
export function overrideFromRows(rows: OddsRow[], lang: ApiLang): Record<string, ClassOddsOverride> {
  const out: Record<string, ClassOddsOverride> = {};
  for (const r of rows) {
    if (!betClass(r.class)) throw new AppError('err.bet_class_invalid', { field: 'odds' });
    if (String(r.class) in out) throw new AppError('err.odds_invalid', { field: 'odds' });
    if (r.min > r.max) throw new AppError('err.limit_range', { field: 'odds', params: { class: className(lang, r.class) } });
    out[String(r.class)] = r.enabled ? { odds: r.odds, odds_special: r.odds_special, min: r.min, max: r.max } : { enabled: false };
  }
  return out;
}

/** Refuses a table in which any offered class returns more than 100 %; returns the effective table. */
export function guardOdds(override: Record<string, ClassOddsOverride>, lang: ApiLang) {
  let table;
  try {
    table = resolveRoomOdds(override);
  } catch {
    throw new AppError('err.odds_invalid', { field: 'odds' });
  }
  for (const [classId, odds] of table) {
    const rtp = returnToPlayer(classId, odds);
    if (rtp > 1) {
      throw new AppError('err.odds_rtp_too_high', { field: 'odds', params: { class: className(lang, classId), rtp: (rtp * 100).toFixed(2) } });
    }
  }
  if (table.size === 0) throw new AppError('err.odds_invalid', { field: 'odds' });
  return table;
}

/** The console's view of a room's table: every class, offered or not, with odds, limits and RTP. */
export function oddsTableView(override: unknown, lang: ApiLang) {
  let table;
  try {
    table = resolveRoomOdds(override);
  } catch {
    table = new Map();
  }
  return BET_CLASSES.map((c) => {
    const o = table.get(c.id);
    return {
      class: c.id,
      name: className(lang, c.id),
      kind: c.kind,
      enabled: o !== undefined,
      odds: o ? formatOdds(o.odds) : null,
      odds_special: o?.oddsSpecial ? formatOdds(o.oddsSpecial) : null,
      min: o ? (o.minStake / 100).toFixed(2) : null,
      max: o ? (o.maxStake / 100).toFixed(2) : null,
      rtp: o ? (returnToPlayer(c.id, o) * 100).toFixed(2) : null,
    };
  });
}

const parse = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? JSON.parse(v) : v);

/** A game's waiting change as the console reads it; one written before the cap existed keeps the live cap. */
const pendingGameView = (pending: Record<string, unknown> | null, liveCap: number) =>
  pending && { ...pending, exposure_cap: formatMoney(Number(pending.exposure_cap ?? liveCap)) };

/** Games with their rooms as stored: live values, any change waiting for the next round, and the tables. */
export async function gameConfigView(db: DbOrTx, lang: ApiLang) {
  const gameRows = await db.select().from(games).orderBy(games.tabIndex);
  const roomRows = await db.select().from(rooms).orderBy(rooms.gameId, rooms.sort, rooms.id);
  const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
  return gameRows.map((g) => ({
    id: g.id,
    code: g.code,
    enabled: g.enabled,
    open_from: g.openFrom,
    open_to: g.openTo,
    exposure_cap: formatMoney(g.exposureCap),
    pending: pendingGameView(parse(g.pending), g.exposureCap),
    pending_from: unix(g.pendingFrom),
    rooms: roomRows
      .filter((r) => r.gameId === g.id)
      .map((r) => {
        const pending = parse(r.pending) as Record<string, unknown> | null;
        const view = (src: { title: unknown; title_i18n: unknown; min_limit: unknown; join_limit: unknown; odds_override: unknown; enabled: unknown }) => ({
          title: String(src.title),
          title_i18n: parse(src.title_i18n),
          min_limit: (Number(src.min_limit) / 100).toFixed(2),
          join_limit: (Number(src.join_limit) / 100).toFixed(2),
          enabled: Boolean(src.enabled),
          odds: oddsTableView(parse(src.odds_override), lang),
        });
        const live = {
          title: r.title,
          title_i18n: r.titleI18n,
          min_limit: r.minLimit,
          join_limit: r.joinLimit,
          odds_override: r.oddsOverride,
          enabled: r.enabled,
        };
        return {
          id: r.id,
          game_id: r.gameId,
          type: r.type,
          ...view(live),
          pending: pending ? view({ ...live, ...pending }) : null,
          pending_from: unix(r.pendingFrom),
        };
      }),
  }));
}

export async function lockGame(tx: DbOrTx, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`select * from games where id = ${id} for update`);
  if (!row) throw new AppError('err.game_not_found', { field: 'id' });
  return row;
}

export async function lockRoom(tx: DbOrTx, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`select * from rooms where id = ${id} for update`);
  if (!row) throw new AppError('err.room_not_found', { field: 'id' });
  return row;
}

export async function scheduleGameChange(
  tx: DbOrTx,
  id: number,
  change: { enabled: boolean; open_from: string | null; open_to: string | null; exposure_cap: number },
  from: number,
) {
  await tx
    .update(games)
    .set({ pending: change, pendingFrom: new Date(from) })
    .where(eq(games.id, id));
}

export async function scheduleRoomChange(
  tx: DbOrTx,
  id: number,
  change: {
    title: string;
    title_i18n: Record<string, string>;
    min_limit: number;
    join_limit: number;
    enabled: boolean;
    odds_override: Record<string, ClassOddsOverride>;
  },
  from: number,
) {
  await tx
    .update(rooms)
    .set({ pending: change, pendingFrom: new Date(from) })
    .where(eq(rooms.id, id));
}
