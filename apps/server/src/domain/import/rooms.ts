/**
 * Rooms. A source room (fa_game_plan) matches our room of the same game and tier: its `type` when the
 * game's rooms use 0–3, as ours do, else its rank among the game's rooms. Its title, minimum stake, entry
 * balance and per-class odds and stake limits (fa_plan_rule, whose admin labels swap minimum and
 * maximum: the smaller value is taken as the minimum) are compared with ours and every difference
 * reported; `--rooms` applies them (the rooms' odds as per-class overrides). The source's robot head-count
 * (`robot_num`) is a fake figure and is never read.
 */
import { sql } from 'drizzle-orm';
import { resolveRoomOdds, type RoomOddsOverride } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import type { ImportContext } from './context.js';
import { classMap, type ClassMap } from './classes.js';
import { centsOf, intOf, textOf } from './convert.js';

export interface RoomMatch {
  sourceId: number;
  gameId: number;
  title: string;
  minLimit: number;
  joinLimit: number;
  /** Our room of the same game and tier, when there is one. */
  roomId: number | undefined;
}

export interface SourceRooms {
  rooms: Map<number, RoomMatch>;
  classes: ClassMap;
  rules: Record<string, unknown>[];
}

export async function sourceRooms(ctx: ImportContext): Promise<SourceRooms> {
  const plans = await ctx.source.rows('SELECT id, game_id, title, type, min_limit, join_limit FROM fa_game_plan ORDER BY game_id, type, id');
  const rules = await ctx.source.rows('SELECT game_plan_id, class, class_name, odds, limit_min, limit_max, status FROM fa_plan_rule ORDER BY id');
  const ours = await queryRows<{ id: number; game_id: number; type: number }>(ctx.target.db, sql`select id, game_id, type from rooms order by id`);
  const byGame = new Map<number, Record<string, unknown>[]>();
  for (const p of plans) byGame.set(intOf(p.game_id), [...(byGame.get(intOf(p.game_id)) ?? []), p]);
  const rooms = new Map<number, RoomMatch>();
  for (const [gameId, list] of byGame) {
    const direct = list.every((p) => intOf(p.type) >= 0 && intOf(p.type) <= 3);
    list.forEach((p, rank) => {
      const tier = direct ? intOf(p.type) : rank;
      rooms.set(intOf(p.id), {
        sourceId: intOf(p.id),
        gameId,
        title: textOf(p.title),
        minLimit: centsOf(p.min_limit),
        joinLimit: centsOf(p.join_limit),
        roomId: ours.find((r) => r.game_id === gameId && r.type === tier)?.id,
      });
    });
  }
  return { rooms, classes: classMap(rules as never), rules };
}

export interface RoomDifference {
  room: number;
  game: number;
  source_room: number;
  field: string;
  ours: string | number;
  theirs: string | number;
}

/** Every difference between the source's rooms and ours; with `apply`, ours take the source's values. */
export async function compareRooms(db: DbOrTx, src: SourceRooms, apply: boolean): Promise<RoomDifference[]> {
  const ours = await queryRows<{ id: number; game_id: number; title: string; min_limit: number | string; join_limit: number | string; odds_override: unknown }>(
    db,
    sql`select id, game_id, title, min_limit, join_limit, odds_override from rooms`,
  );
  const diffs: RoomDifference[] = [];
  for (const m of src.rooms.values()) {
    const room = ours.find((r) => r.id === m.roomId);
    if (!room) continue;
    const before = diffs.length;
    const d = (field: string, a: string | number, b: string | number) => {
      if (a !== b) diffs.push({ room: room.id, game: m.gameId, source_room: m.sourceId, field, ours: a, theirs: b });
    };
    d('title', room.title, m.title);
    d('min_limit', Number(room.min_limit), m.minLimit);
    d('join_limit', Number(room.join_limit), m.joinLimit);
    const override = { ...((room.odds_override ?? {}) as RoomOddsOverride) };
    const table = resolveRoomOdds(room.odds_override);
    for (const rule of src.rules.filter((r) => intOf(r.game_plan_id) === m.sourceId && intOf(r.status) === 1)) {
      const cls = src.classes.of(m.sourceId, intOf(rule.class));
      const current = cls === undefined ? undefined : table.get(cls);
      if (cls === undefined || !current) continue;
      const odds = Math.round(Number(rule.odds) * 100);
      const [a, b] = [centsOf(rule.limit_min), centsOf(rule.limit_max)];
      const [min, max] = a <= b ? [a, b] : [b, a];
      d(`class ${cls} odds`, current.odds, odds);
      d(`class ${cls} min`, current.minStake, min);
      d(`class ${cls} max`, current.maxStake, max);
      if (current.odds !== odds || current.minStake !== min || current.maxStake !== max) override[String(cls)] = { ...override[String(cls)], odds, min, max };
    }
    if (apply && diffs.length > before) {
      await db.execute(
        sql`update rooms set title = ${m.title}, min_limit = ${m.minLimit}, join_limit = ${m.joinLimit},
            title_i18n = case when title = ${m.title} then title_i18n else null end,
            odds_override = ${Object.keys(override).length ? JSON.stringify(override) : null}::jsonb where id = ${room.id}`,
      );
    }
  }
  return diffs;
}
