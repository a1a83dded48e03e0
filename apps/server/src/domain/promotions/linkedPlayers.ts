/** Accounts linked to the operator (staff, relatives, test accounts), which are never paid a red packet share. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';

/** Sets or clears the mark; answers whether anything changed. */
export async function setOperatorLink(tx: DbOrTx, input: { userId: number; linked: boolean; note: string; operatorId: number; now: number }): Promise<boolean> {
  const [user] = await queryRows<{ id: number }>(tx, sql`select id from users where id = ${input.userId}`);
  if (!user) throw new AppError('err.not_found', { field: 'user_id' });
  const rows = input.linked
    ? await queryRows(
        tx,
        sql`insert into operator_linked_players (user_id, operator_id, note, created_at) values (${input.userId}, ${input.operatorId}, ${input.note}, ${new Date(input.now).toISOString()})
            on conflict (user_id) do nothing returning user_id`,
      )
    : await queryRows(tx, sql`delete from operator_linked_players where user_id = ${input.userId} returning user_id`);
  return rows.length > 0;
}
