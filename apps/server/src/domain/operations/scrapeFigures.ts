/**
 * What the metrics read from the database at each scrape (plugins/metrics.ts), in one round trip on
 * indexed columns: the review queues (waiting requests and the oldest one's age), rounds whose draw
 * is overdue per game, and drawn rounds with orders still open.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export type ReviewQueue = 'deposits' | 'withdrawals' | 'real_names';

export interface ScrapeFigures {
  queues: Record<ReviewQueue, { pending: number; oldestAgeSeconds: number }>;
  /** Per game with a round waiting for its draw: seconds since the oldest such round's draw time. */
  overdueSeconds: Map<number, number>;
  unsettledRounds: number;
}

export async function readScrapeFigures(db: DbOrTx, now: number): Promise<ScrapeFigures> {
  const at = new Date(now).toISOString();
  const rows = await queryRows<{ kind: string; key: number | string; n: number | string; age: number | string | null }>(
    db,
    sql`
    select 'queue' as kind, 'deposits' as key, count(*) as n, extract(epoch from ${at}::timestamptz - min(created_at)) as age from deposits where status = 0
    union all
    select 'queue', 'withdrawals', count(*), extract(epoch from ${at}::timestamptz - min(created_at)) from withdrawals where status = 0
    union all
    select 'queue', 'real_names', count(*), extract(epoch from ${at}::timestamptz - min(created_at)) from real_name_requests where status = 1
    union all
    select 'overdue', game_id::text, count(*), extract(epoch from ${at}::timestamptz - min(draws_at))
    from rounds where drawn_at is null and draws_at <= ${at} group by game_id
    union all
    select 'unsettled', '', count(distinct o.round_id), null from orders o join rounds r on r.id = o.round_id
    where o.status = 0 and r.drawn_at is not null`,
  );
  const figures: ScrapeFigures = {
    queues: { deposits: empty(), withdrawals: empty(), real_names: empty() },
    overdueSeconds: new Map(),
    unsettledRounds: 0,
  };
  for (const r of rows) {
    const age = Math.max(0, Number(r.age ?? 0));
    if (r.kind === 'queue') figures.queues[r.key as ReviewQueue] = { pending: Number(r.n), oldestAgeSeconds: Number(r.n) > 0 ? age : 0 };
    else if (r.kind === 'overdue') figures.overdueSeconds.set(Number(r.key), age);
    else figures.unsettledRounds = Number(r.n);
  }
  return figures;
}

const empty = () => ({ pending: 0, oldestAgeSeconds: 0 });
