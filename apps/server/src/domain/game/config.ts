/**
 * Games' and rooms' configuration as the engine serves it, with operators' changes that wait for the
 * next round: a change is stored in `pending` with `pending_from` = the start of the
 * round after it, so the round in progress keeps the odds and limits its players saw; bets already
 * placed keep the odds stored on them in any case (I6).
 */
import { sql } from 'drizzle-orm';
import { resolveRoomOdds, type ApiLang, type ClassOdds } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export interface RoomConfig {
  id: number;
  gameId: number;
  type: number;
  title: string;
  /** The title per language, when the operator set them. */
  titles: Record<'zh' | 'tw' | 'en' | 'vi', string> | null;
  minLimit: number;
  joinLimit: number;
  sort: number;
  enabled: boolean;
  /** Effective odds table (defaults + the room's overrides); a class absent here is not offered. */
  odds: Map<number, ClassOdds>;
}

export interface GameConfig {
  id: number;
  code: string;
  tabIndex: number;
  openFrom: string | null;
  openTo: string | null;
  enabled: boolean;
  /** The most the house may lose on any outcome of a round, cents; 0 = no cap (domain/betting/exposureCap.ts). */
  exposureCap: number;
  rooms: RoomConfig[];
}

export type RoomTitles = Record<ApiLang, string>;

/** Writes every change whose round has come into the live columns (idempotent; any node may run it). */
export async function promoteDueChanges(db: DbOrTx, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  await db.execute(sql`
    update games set
      enabled = coalesce((pending->>'enabled')::boolean, enabled),
      open_from = case when pending ? 'open_from' then pending->>'open_from' else open_from end,
      open_to = case when pending ? 'open_to' then pending->>'open_to' else open_to end,
      exposure_cap = coalesce((pending->>'exposure_cap')::bigint, exposure_cap),
      pending = null, pending_from = null
    where pending_from is not null and pending_from <= ${at}`);
  await db.execute(sql`
    update rooms set
      title = coalesce(pending->>'title', title),
      title_i18n = case when pending ? 'title_i18n' then pending->'title_i18n' else title_i18n end,
      min_limit = coalesce((pending->>'min_limit')::bigint, min_limit),
      join_limit = coalesce((pending->>'join_limit')::bigint, join_limit),
      odds_override = case when pending ? 'odds_override' then pending->'odds_override' else odds_override end,
      enabled = coalesce((pending->>'enabled')::boolean, enabled),
      pending = null, pending_from = null
    where pending_from is not null and pending_from <= ${at}`);
}

const json = (v: unknown): Record<string, unknown> | null =>
  v === null || v === undefined ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>);

export interface LoadedConfig {
  /** What is in force now. */
  current: GameConfig[];
  /** What will be in force from `at` (the next round), when operators changed something. */
  upcoming: { at: number; configs: GameConfig[] } | null;
}

export async function loadGameConfigs(db: DbOrTx, now: number, onBadOdds: (roomId: number, err: unknown) => void): Promise<LoadedConfig> {
  await promoteDueChanges(db, now);
  const games = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, code, tab_index, open_from, open_to, enabled, exposure_cap, pending, pending_from from games order by tab_index`,
  );
  const rooms = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, game_id, type, title, title_i18n, min_limit, join_limit, odds_override, sort, enabled, pending, pending_from
    from rooms order by game_id, sort, id`,
  );
  const pendingTimes = [...games, ...rooms].filter((r) => r.pending_from !== null).map((r) => new Date(r.pending_from as string).getTime());
  const build = (withPending: boolean): GameConfig[] => {
    const configs: GameConfig[] = games.map((g) => {
      const p = withPending ? json(g.pending) : null;
      const has = (k: string) => p !== null && k in p;
      return {
        id: Number(g.id),
        code: String(g.code),
        tabIndex: Number(g.tab_index),
        openFrom: has('open_from') ? ((p!.open_from as string | null) ?? null) : ((g.open_from as string | null) ?? null),
        openTo: has('open_to') ? ((p!.open_to as string | null) ?? null) : ((g.open_to as string | null) ?? null),
        enabled: has('enabled') ? Boolean(p!.enabled) : Boolean(g.enabled),
        exposureCap: Number(has('exposure_cap') ? p!.exposure_cap : g.exposure_cap),
        rooms: [],
      };
    });
    const byId = new Map(configs.map((g) => [g.id, g]));
    for (const r of rooms) {
      const game = byId.get(Number(r.game_id));
      if (!game) continue;
      const p = withPending ? json(r.pending) : null;
      const pick = (k: string, fallback: unknown) => (p !== null && k in p ? p[k] : fallback);
      let odds;
      try {
        odds = resolveRoomOdds(json(pick('odds_override', r.odds_override)));
      } catch (err) {
        // A malformed override never silently pays other odds: the room is offered without bets.
        onBadOdds(Number(r.id), err);
        odds = new Map();
      }
      const room: RoomConfig = {
        id: Number(r.id),
        gameId: game.id,
        type: Number(r.type),
        title: String(pick('title', r.title)),
        titles: json(pick('title_i18n', r.title_i18n)) as RoomTitles | null,
        minLimit: Number(pick('min_limit', r.min_limit)),
        joinLimit: Number(pick('join_limit', r.join_limit)),
        sort: Number(r.sort),
        enabled: Boolean(pick('enabled', r.enabled)) && odds.size > 0,
        odds,
      };
      game.rooms.push(room);
    }
    return configs;
  };
  return {
    current: build(false),
    upcoming: pendingTimes.length ? { at: Math.min(...pendingTimes), configs: build(true) } : null,
  };
}

/** A room's title in the caller's language. */
export const roomTitle = (room: Pick<RoomConfig, 'title' | 'titles'>, lang: ApiLang): string => room.titles?.[lang] || room.title;
