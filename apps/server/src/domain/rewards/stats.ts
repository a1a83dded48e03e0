/** The console's figures of a campaign: claims, amount paid (a release moves a bonus already paid: not counted again; a forfeit is no claim), players, paid per operator-day. */
import { sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { zonedDate } from '../time.js';
import { isLive, type Campaign } from './campaigns.js';

/** Claims and paid of every campaign, by id. */
async function totalsByCampaign(db: DbOrTx): Promise<Map<number, { claims: number; paid: number }>> {
  const rows = await queryRows<{ campaign_id: number; claims: number; paid: string }>(
    db,
    sql`
    select campaign_id, (count(*) filter (where kind <> 'bonus_forfeit'))::int as claims, coalesce(sum(amount) filter (where kind not in ('bonus_release', 'bonus_forfeit')), 0)::text as paid
    from reward_claims group by campaign_id`,
  );
  return new Map(rows.map((r) => [Number(r.campaign_id), { claims: Number(r.claims), paid: Number(r.paid) }]));
}

export function presentAdminCampaign(c: Campaign, now: number, totals = { claims: 0, paid: 0 }) {
  return {
    id: c.id,
    kind: c.kind,
    title: c.title,
    terms_text: c.termsText,
    terms: c.terms as unknown as Record<string, unknown>,
    banner: c.banner,
    starts_at: Math.floor(c.startsAt / 1000),
    ends_at: c.endsAt === null ? null : Math.floor(c.endsAt / 1000),
    enabled: c.enabled,
    live: isLive(c, now),
    claims: totals.claims,
    paid: formatMoney(totals.paid),
  };
}

export async function adminCampaignList(db: DbOrTx, campaigns: Campaign[], now: number) {
  const totals = await totalsByCampaign(db);
  return campaigns.map((c) => presentAdminCampaign(c, now, totals.get(c.id)));
}

/** A quarter of an hour: every time zone's offset is a whole number of them, so buckets fold into operator-days exactly. */
const BUCKET_SECONDS = 900;

export async function campaignStats(db: DbOrTx, campaignId: number, timeZone: string) {
  const [total] = await queryRows<{ claims: number; paid: string; players: number }>(
    db,
    sql`
    select (count(*) filter (where kind <> 'bonus_forfeit'))::int as claims, coalesce(sum(amount) filter (where kind not in ('bonus_release', 'bonus_forfeit')), 0)::text as paid, count(distinct user_id)::int as players
    from reward_claims where campaign_id = ${campaignId}`,
  );
  const buckets = await queryRows<{ bucket: string; claims: number; paid: string }>(
    db,
    sql`
    select floor(extract(epoch from created_at) / ${sql.raw(String(BUCKET_SECONDS))})::bigint::text as bucket, (count(*) filter (where kind <> 'bonus_forfeit'))::int as claims,
      coalesce(sum(amount) filter (where kind not in ('bonus_release', 'bonus_forfeit')), 0)::text as paid
    from reward_claims where campaign_id = ${campaignId} group by 1 order by 1`,
  );
  const days = new Map<string, { claims: number; paid: number }>();
  for (const b of buckets) {
    const day = zonedDate(Number(b.bucket) * BUCKET_SECONDS * 1000, timeZone);
    const d = days.get(day) ?? { claims: 0, paid: 0 };
    d.claims += Number(b.claims);
    d.paid += Number(b.paid);
    days.set(day, d);
  }
  return {
    id: campaignId,
    claims: Number(total?.claims ?? 0),
    paid: formatMoney(Number(total?.paid ?? 0)),
    players: Number(total?.players ?? 0),
    days: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, d]) => ({ day, claims: d.claims, paid: formatMoney(d.paid) })),
  };
}
