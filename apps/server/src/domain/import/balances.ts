/**
 * Balances, to the cent, never as a bare write: each player's cash (fa_user.money) and bonus balance
 * (fa_user.score) are brought to ours as ledger entries of type 11 — the difference between the source's
 * balance now and ours, per wallet (cash to money, bonus to score), in the same statement that moves the
 * balance. The first run's entries are the opening balances; a later run's are the source's moves since.
 * Runs after the requests phase, so a withdrawal held here is already part of our balance.
 */
import { sql } from 'drizzle-orm';
import { literal, queryRows } from '../../db/query.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { eachChunk, type ImportContext } from './context.js';
import { centsOf, intOf, scoreCentsOf } from './convert.js';
import { HELD_MEMO, IMPORT_REF } from './requests.js';

export const OPENING_MEMO = 'opening balance';
export const MOVED_MEMO = 'balance moved on the previous site';

export async function importBalances(ctx: ImportContext, negative: { sourceId: number; money: number; score: number }[]): Promise<void> {
  await eachChunk(ctx, 'balances', { table: 'fa_user', columns: 'id, money, score' }, async (tx, rows) => {
    const values = rows.map((r) => {
      let money = centsOf(r.money);
      let score = scoreCentsOf(r.score);
      if (money < 0 || score < 0) {
        // A negative balance cannot be ours (invariant I2): brought as 0 and listed in the report.
        negative.push({ sourceId: intOf(r.id), money, score });
        money = Math.max(0, money);
        score = Math.max(0, score);
      }
      return sql`(${intOf(r.id)}::bigint, ${money}::bigint, ${score}::bigint)`;
    });
    const at = new Date(ctx.now()).toISOString();
    const [c] = await queryRows<{ matched: number; moved: number }>(
      tx,
      sql`
      with v (source_id, money, score) as (values ${sql.join(values, sql`, `)}),
      m as (
        select u.id, u.money, u.score, v.money as tm, v.score as ts
        from v join imported_players p on p.source_id = v.source_id join users u on u.id = p.user_id
        -- NO KEY UPDATE: the bets and ledger lines insert rows referencing these players meanwhile (KEY SHARE).
        order by u.id for no key update of u
      ),
      d as (
        select id, money, score, tm - money as dm, ts - score as ds,
          case when exists (select 1 from ledger l where l.user_id = m.id and l.type = ${literal(LedgerType.importOpening)} and l.memo <> ${HELD_MEMO})
            then ${MOVED_MEMO}::text else ${OPENING_MEMO}::text end as memo
        from m where tm <> money or ts <> score
      ),
      entries as (
        insert into ledger (user_id, type, status, wallet, quantity, applied, over, ref_type, ref_id, memo, created_at)
        select id, ${literal(LedgerType.importOpening)}, ${literal(LedgerStatus.passed)}, 'money', dm, true, money + dm + score, ${IMPORT_REF}::text, ${ctx.run.id}::bigint, memo, ${at}::timestamptz
        from d where dm <> 0
        union all
        select id, ${literal(LedgerType.importOpening)}, ${literal(LedgerStatus.passed)}, 'score', ds, true, money + dm + score + ds, ${IMPORT_REF}::text, ${ctx.run.id}::bigint, memo, ${at}::timestamptz
        from d where ds <> 0
        returning user_id
      ),
      moved as (update users u set money = d.money + d.dm, score = d.score + d.ds from d where u.id = d.id returning u.id),
      books as (
        update imported_players p set opening_money = p.opening_money + d.dm, opening_score = p.opening_score + d.ds
        from d where p.user_id = d.id returning p.user_id
      )
      select (select count(*) from m)::int as matched, (select count(*) from moved)::int as moved,
        (select count(*) from entries)::int as entries, (select count(*) from books)::int as books`,
    );
    return {
      balances: { read: rows.length, updated: c!.moved, unchanged: c!.matched - c!.moved, skipped: { 'player not imported': rows.length - c!.matched } },
    };
  });
}
