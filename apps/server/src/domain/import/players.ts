/**
 * Players: each source player becomes one of ours (never merged into another), with its nickname, join
 * time and locked state; the source's own operators and agents (fa_admin) never become operators here —
 * an agent is only a tag on the players it owns. A guest with no money and no request in flight is left
 * out; a guest with money comes in as a member (we have no play money). The password and security code
 * come later, in their own phase (secrets.ts): until then the account has no password that works.
 */
import { sql } from 'drizzle-orm';
import { NICKNAME_MAX } from '@lucky28/shared';
import type { Tx } from '../../db/client.js';
import { pgArray, queryRows } from '../../db/query.js';
import { eachChunk, inChunk, type ImportContext } from './context.js';
import { centsOf, instantOf, intOf, scoreCentsOf, textOf } from './convert.js';
import { nameFor } from './usernames.js';

/** A password hash nothing verifies against: the account's until the secrets phase writes the real one. */
export const NO_PASSWORD_YET = '!';

const SOURCE_GUEST = 2;
const MEMBER = 1;

const HIDDEN = /[\p{Cf}\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/gu;

/** The source's nickname as ours keeps one (NFKC, no hidden characters, blanks folded, at most 20); null when nothing is left. */
export function nicknameOf(value: unknown): string | null {
  const text = Array.from(textOf(value).normalize('NFKC').replace(HIDDEN, '').trim().replace(/\s+/g, ' ')).slice(0, NICKNAME_MAX).join('').trim();
  return text === '' ? null : text;
}

/** The source's agents as tags: "agent01 (a.example.com, b.example.com)". */
async function agentTags(ctx: ImportContext): Promise<Map<number, string>> {
  const admins = await ctx.source.rows('SELECT id, username, nickname FROM fa_admin');
  const domains = await ctx.source.rows('SELECT admin_id, domain FROM fa_domain WHERE status = 1 ORDER BY id');
  const sites = new Map<number, string[]>();
  for (const d of domains) sites.set(intOf(d.admin_id), [...(sites.get(intOf(d.admin_id)) ?? []), textOf(d.domain)]);
  const tags = new Map<number, string>();
  for (const a of admins) {
    const id = intOf(a.id);
    const list = sites.get(id);
    tags.set(id, `${textOf(a.username)}${list?.length ? ` (${list.join(', ')})` : ''}`);
  }
  return tags;
}

/** Source players with a deposit or withdrawal awaiting a decision (a guest with one is imported). */
async function withPendingRequests(ctx: ImportContext): Promise<Set<number>> {
  const rows = await ctx.source.rows('SELECT DISTINCT user_id FROM fa_quantity_log WHERE type IN (0, 1) AND status = 0');
  return new Set(rows.map((r) => intOf(r.user_id)));
}

interface Existing {
  user_id: number;
  source_id: number | string;
  nickname: string | null;
  disabled: boolean;
  agent: string | null;
  source_inviter_id: number | string | null;
  source_group: number;
}

export async function importPlayers(ctx: ImportContext): Promise<void> {
  const tags = await agentTags(ctx);
  const pending = await withPendingRequests(ctx);
  const taken = new Set((await queryRows<{ n: string }>(ctx.target.db, sql`select lower(username) as n from users`)).map((r) => r.n));
  await eachChunk(
    ctx,
    'players',
    { table: 'fa_user', columns: 'id, group_id, username, nickname, money, score, inviter_id, admin_id, status, jointime' },
    async (tx, rows) => {
      const ids = rows.map((r) => intOf(r.id));
      const existing = new Map(
        (
          await queryRows<Existing>(
            tx,
            sql`select p.user_id, p.source_id, u.nickname, u.disabled, p.agent, p.source_inviter_id, p.source_group
                from imported_players p join users u on u.id = p.user_id where p.source_id = any(${`{${ids.join(',')}}`}::bigint[])`,
          )
        ).map((e) => [Number(e.source_id), e]),
      );
      let updated = 0;
      let unchanged = 0;
      let guests = 0;
      const fresh: { row: Record<string, unknown>; username: string; renamed: boolean }[] = [];
      for (const row of rows) {
        const sourceId = intOf(row.id);
        const group = intOf(row.group_id);
        const nickname = nicknameOf(row.nickname);
        const disabled = textOf(row.status) !== 'normal';
        const agent = tags.get(intOf(row.admin_id)) ?? null;
        const inviter = intOf(row.inviter_id) || null;
        const found = existing.get(sourceId);
        if (found) {
          if (
            found.nickname === nickname &&
            found.disabled === disabled &&
            found.agent === agent &&
            Number(found.source_inviter_id ?? 0) === (inviter ?? 0) &&
            found.source_group === group
          ) {
            unchanged++;
            continue;
          }
          await tx.execute(sql`update users set nickname = ${nickname}, disabled = ${disabled} where id = ${found.user_id}`);
          await tx.execute(
            sql`update imported_players set agent = ${agent}, source_inviter_id = ${inviter}, source_group = ${group} where user_id = ${found.user_id}`,
          );
          updated++;
          continue;
        }
        if (group === SOURCE_GUEST && centsOf(row.money) === 0 && scoreCentsOf(row.score) === 0 && !pending.has(sourceId)) {
          guests++;
          continue;
        }
        const name = nameFor(textOf(row.username), sourceId, (n) => taken.has(n));
        taken.add(name.username.toLowerCase());
        fresh.push({ row, ...name });
      }
      if (fresh.length > 0) await insertPlayers(tx, ctx, fresh, tags);
      return { fa_user: { read: rows.length, imported: fresh.length, updated, unchanged, skipped: { 'guest without money': guests } } };
    },
  );
}

/** The new players of a chunk, in two statements whatever their number (arrays, one parameter per column). */
async function insertPlayers(
  tx: Tx,
  ctx: ImportContext,
  fresh: { row: Record<string, unknown>; username: string; renamed: boolean }[],
  tags: Map<number, string>,
) {
  const now = new Date(ctx.now());
  const col = <T extends string | number | boolean | null>(f: (p: (typeof fresh)[number]) => T) => pgArray(fresh.map((p) => f(p) as string | number | null));
  const inserted = await queryRows<{ id: number; username: string }>(
    tx,
    sql`
    insert into users (username, password_hash, group_id, nickname, disabled, created_at)
    select * from unnest(${col((p) => p.username)}::text[], ${col(() => NO_PASSWORD_YET)}::text[], ${col(() => MEMBER)}::smallint[],
      ${col((p) => nicknameOf(p.row.nickname))}::text[], ${col((p) => String(textOf(p.row.status) !== 'normal'))}::boolean[],
      ${col((p) => instantOf(p.row.jointime, now).toISOString())}::timestamptz[])
    returning id, username`,
  );
  const idOf = new Map(inserted.map((u) => [u.username, u.id]));
  await tx.execute(sql`
    insert into imported_players (user_id, source_id, source_username, source_group, renamed, source_inviter_id, agent)
    select * from unnest(${col((p) => idOf.get(p.username)!)}::int[], ${col((p) => intOf(p.row.id))}::bigint[], ${col((p) => textOf(p.row.username))}::text[],
      ${col((p) => intOf(p.row.group_id))}::smallint[], ${col((p) => String(p.renamed))}::boolean[], ${col((p) => intOf(p.row.inviter_id) || null)}::bigint[],
      ${col((p) => tags.get(intOf(p.row.admin_id)) ?? null)}::text[])`);
}

/** Referral links from `inviter_id`, both players imported; the registration default 1 is no referral and is dropped. */
export async function linkReferrals(ctx: ImportContext): Promise<void> {
  if (ctx.run.cursors.referrals === true) return;
  await inChunk(ctx, 'referrals', true, async (tx) => {
    const [c] = await queryRows<{ linked: number; dropped_default: number; dropped_missing: number; read: number }>(
      tx,
      sql`
      with edges as (
        select p.user_id, p.source_inviter_id, i.user_id as inviter
        from imported_players p left join imported_players i on i.source_id = p.source_inviter_id and i.user_id <> p.user_id
        where p.source_inviter_id is not null
      ), linked as (
        update users u set inviter_id = e.inviter from edges e
        where u.id = e.user_id and e.source_inviter_id <> 1 and e.inviter is not null and u.inviter_id is distinct from e.inviter
        returning u.id
      )
      select (select count(*) from linked)::int as linked,
        (select count(*) from edges where source_inviter_id = 1)::int as dropped_default,
        (select count(*) from edges where source_inviter_id <> 1 and inviter is null)::int as dropped_missing,
        (select count(*) from edges)::int as read`,
    );
    const [{ n: kept } = { n: 0 }] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from users u join imported_players p on p.user_id = u.id where u.inviter_id is not null`,
    );
    return {
      referrals: {
        read: c!.read,
        imported: c!.linked,
        unchanged: Number(kept) - c!.linked,
        skipped: { 'inviter 1 (the registration default)': c!.dropped_default, 'inviter not imported': c!.dropped_missing },
      },
    };
  });
}
