/**
 * The campaigns model (issue 25): one table for every kind, its terms checked by the kind's schema
 * (packages/shared schemas/rewards.ts) when saved and when read. A change applies to new claims: a
 * claim keeps the amount it was paid.
 */
import { sql } from 'drizzle-orm';
import { readCampaignTerms, type ApiLang, type CampaignKind, type CampaignTerms } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { edgeShareRefusal, isOverlapRefusal, overlappingCampaign, START_GRACE_MS } from './limits.js';

export type Localized = Record<ApiLang, string>;

export interface Campaign {
  id: number;
  kind: CampaignKind;
  title: Localized;
  termsText: Localized;
  terms: CampaignTerms;
  banner: string;
  startsAt: number;
  endsAt: number | null;
  enabled: boolean;
}

/** Whether players are offered the campaign at `now`: enabled, started and not ended. */
export const isLive = (c: Campaign, now: number) => c.enabled && c.startsAt <= now && (c.endsAt === null || now < c.endsAt);

/** Whether an enabled campaign has reached its end at `now` (ended by the console or by its dates). */
export const hasEnded = (c: Campaign, now: number) => c.enabled && c.endsAt !== null && c.endsAt <= now;

const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).getTime());

function campaignOf(r: Record<string, unknown>): Campaign {
  const kind = r.kind as CampaignKind;
  const terms = readCampaignTerms(kind, r.terms);
  // The database only holds terms the console's schema accepted; anything else is a corrupted row.
  if (!terms) throw new Error(`campaign ${String(r.id)}: stored terms do not fit its kind`);
  return {
    id: Number(r.id),
    kind,
    title: r.title as Localized,
    termsText: r.terms_text as Localized,
    terms,
    banner: String(r.banner ?? ''),
    startsAt: ms(r.starts_at)!,
    endsAt: ms(r.ends_at),
    enabled: Boolean(r.enabled),
  };
}

const COLUMNS = sql`id, kind, title, terms_text, terms, banner, starts_at, ends_at, enabled`;

export async function findCampaign(db: DbOrTx, id: number): Promise<Campaign | null> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${COLUMNS} from campaigns where id = ${id}`);
  return row ? campaignOf(row) : null;
}

/** The campaigns live at `now`, oldest first (a player's list). */
export async function liveCampaigns(db: DbOrTx, now: number): Promise<Campaign[]> {
  const at = new Date(now).toISOString();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from campaigns where enabled and starts_at <= ${at} and (ends_at is null or ends_at > ${at}) order by id`,
  );
  return rows.map(campaignOf);
}

export async function allCampaigns(db: DbOrTx): Promise<Campaign[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`select ${COLUMNS} from campaigns order by id desc`);
  return rows.map(campaignOf);
}

export interface CampaignInput {
  id?: number;
  kind: CampaignKind;
  title: Localized;
  terms_text: Localized;
  terms: CampaignTerms;
  banner?: string;
  /** Unix seconds. */
  starts_at: number;
  ends_at?: number;
  enabled: boolean;
}

/**
 * Creates or changes a campaign in the caller's transaction; answers the row before (null when new) and after.
 * Refused (limits.ts): a start in the past (a new campaign, or a start moved), a period overlapping another
 * enabled campaign of the kind, a rakeback whose top tier with the referral reaches the house edge. The
 * database refuses the last two itself; the write runs in a savepoint so its refusal can still say which
 * campaign is in the way.
 */
export async function saveCampaign(tx: DbOrTx, input: CampaignInput, now: number): Promise<{ before: Campaign | null; after: Campaign }> {
  const starts = new Date(input.starts_at * 1000).toISOString();
  const ends = input.ends_at === undefined ? null : new Date(input.ends_at * 1000).toISOString();
  const at = new Date(now).toISOString();
  const values = {
    title: JSON.stringify(input.title),
    termsText: JSON.stringify(input.terms_text),
    terms: JSON.stringify(input.terms),
    banner: input.banner ?? '',
  };
  let before: Campaign | null = null;
  if (input.id !== undefined) {
    const [locked] = await queryRows<Record<string, unknown>>(tx, sql`select ${COLUMNS} from campaigns where id = ${input.id} for update`);
    if (!locked) throw new AppError('err.campaign_not_found', { field: 'id' });
    before = campaignOf(locked);
    if (before.kind !== input.kind) throw new AppError('err.campaign_kind_fixed', { field: 'kind' });
  }
  const startMoved = before === null || before.startsAt !== input.starts_at * 1000;
  if (startMoved && input.starts_at * 1000 < now - START_GRACE_MS) throw new AppError('err.campaign_start_past', { field: 'starts_at' });
  const overlap = () => (input.enabled ? overlappingCampaign(tx, { kind: input.kind, exceptId: input.id, starts, ends }) : Promise.resolve(null));
  const refuseOverlap = async () => {
    const other = await overlap();
    if (other !== null) throw new AppError('err.campaign_overlap', { field: 'starts_at', params: { id: other } });
  };
  await refuseOverlap();
  const write = (db: DbOrTx) =>
    before === null
      ? queryRows<Record<string, unknown>>(
          db,
          sql`
          insert into campaigns (kind, title, terms_text, terms, banner, starts_at, ends_at, enabled, created_at, updated_at)
          values (${input.kind}, ${values.title}::jsonb, ${values.termsText}::jsonb, ${values.terms}::jsonb, ${values.banner}, ${starts}, ${ends}, ${input.enabled}, ${at}, ${at})
          returning ${COLUMNS}`,
        )
      : queryRows<Record<string, unknown>>(
          db,
          sql`
          update campaigns set title = ${values.title}::jsonb, terms_text = ${values.termsText}::jsonb, terms = ${values.terms}::jsonb,
            banner = ${values.banner}, starts_at = ${starts}, ends_at = ${ends}, enabled = ${input.enabled}, updated_at = ${at}
          where id = ${input.id}
          returning ${COLUMNS}`,
        );
  try {
    const [row] = await inTransaction(tx as Db, (savepoint) => write(savepoint));
    return { before, after: campaignOf(row!) };
  } catch (err) {
    const share = edgeShareRefusal(err, 'terms');
    if (share) throw share;
    // Another save committed between the check above and this write: say which one it was.
    if (isOverlapRefusal(err)) await refuseOverlap();
    throw err;
  }
}

/** Ends a campaign now (an already ended one keeps its end). */
export async function endCampaign(tx: DbOrTx, id: number, now: number): Promise<{ before: Campaign; after: Campaign }> {
  const [locked] = await queryRows<Record<string, unknown>>(tx, sql`select ${COLUMNS} from campaigns where id = ${id} for update`);
  if (!locked) throw new AppError('err.campaign_not_found', { field: 'id' });
  const at = new Date(now).toISOString();
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`
    update campaigns set ends_at = least(coalesce(ends_at, ${at}::timestamptz), ${at}::timestamptz), updated_at = ${at}
    where id = ${id} returning ${COLUMNS}`,
  );
  return { before: campaignOf(locked), after: campaignOf(row!) };
}
