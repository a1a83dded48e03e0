/**
 * Payout accounts (fa_user_pay): status 0 a bank card — `acc_name` its number, `acc` the holder, `acc_bank`
 * the bank, as our form has them — and status 1 a USDT wallet, whose address we keep in `acc` and whose
 * network (trc20, erc20, omni) in `acc_name`, told by the address's form. We keep one of each kind per
 * player: the source's latest (highest id); older ones of the same kind are counted as skipped.
 */
import { sql } from 'drizzle-orm';
import { WALLET_ADDRESS_RE, WALLET_TYPES, type WalletType } from '@lucky28/shared';
import { queryRows } from '../../db/query.js';
import { eachChunk, inChunk, type ImportContext } from './context.js';
import { intOf, textOf } from './convert.js';

/** The network of a USDT address, or undefined when it has none of the three forms. */
export function walletTypeOf(address: string, named: string): WalletType | undefined {
  const lower = named.trim().toLowerCase();
  if ((WALLET_TYPES as readonly string[]).includes(lower) && WALLET_ADDRESS_RE[lower as WalletType].test(address)) return lower as WalletType;
  return WALLET_TYPES.find((t) => WALLET_ADDRESS_RE[t].test(address));
}

interface PayRow {
  sourceUser: number;
  type: 0 | 1;
  accName: string;
  acc: string;
  accBank: string;
}

/** Our form of a source account, or the reason it cannot be kept. */
export function payAccountOf(row: Record<string, unknown>): PayRow | string {
  const type = intOf(row.status) === 1 ? 1 : 0;
  const acc = textOf(row.acc).trim();
  const accName = textOf(row.acc_name).trim();
  if (type === 0) {
    const number = accName.replace(/\s+/g, '');
    if (number === '' || acc === '') return 'bank card without number or holder';
    return { sourceUser: intOf(row.user_id), type, accName: number, acc, accBank: textOf(row.acc_bank).trim() };
  }
  // The address is in acc (as ours); a source that put it in acc_name is read the other way round.
  const [address, named] = walletTypeOf(acc, accName) ? [acc, accName] : [accName, acc];
  const network = walletTypeOf(address, named);
  if (!network) return 'wallet address of no known network';
  return { sourceUser: intOf(row.user_id), type, accName: network, acc: address, accBank: '' };
}

export async function importPayAccounts(ctx: ImportContext): Promise<void> {
  if (ctx.run.cursors.pay_accounts === undefined) {
    // Counted once, at the phase's start: the accounts a later one of the same kind replaces.
    const [older] = await ctx.source.rows(
      'SELECT COUNT(*) AS n FROM fa_user_pay WHERE id NOT IN (SELECT MAX(id) FROM fa_user_pay GROUP BY user_id, status = 1)',
    );
    const n = Number(older?.n ?? 0);
    if (n > 0) {
      await inChunk(ctx, 'pay_accounts', 0, async () => ({ fa_user_pay: { read: n, skipped: { 'an older account of the same kind': n } } }));
    }
  }
  await eachChunk(
    ctx,
    'pay_accounts',
    {
      table: 'fa_user_pay',
      columns: 'id, user_id, acc, acc_name, acc_bank, status',
      where: 'id IN (SELECT MAX(id) FROM fa_user_pay GROUP BY user_id, status = 1)',
    },
    async (tx, rows) => {
      const skipped: Record<string, number> = {};
      const good: PayRow[] = [];
      for (const row of rows) {
        const account = payAccountOf(row);
        if (typeof account === 'string') skipped[account] = (skipped[account] ?? 0) + 1;
        else good.push(account);
      }
      const now = new Date(ctx.now()).toISOString();
      const values = good.length
        ? sql.join(
            good.map((a) => sql`(${a.sourceUser}::bigint, ${a.type}::smallint, ${a.accName}, ${a.acc}, ${a.accBank})`),
            sql`, `,
          )
        : null;
      const [c] = values
        ? await queryRows<{ matched: number; inserted: number; changed: number }>(
            tx,
            sql`
            with v (source_user, type, acc_name, acc, acc_bank) as (values ${values}),
            m as (select p.user_id, v.* from v join imported_players p on p.source_id = v.source_user),
            up as (
              insert into pay_accounts (user_id, type, acc_name, acc, acc_bank, created_at, updated_at)
              select user_id, type, acc_name, acc, acc_bank, ${now}, ${now} from m
              on conflict (user_id, type) do update set acc_name = excluded.acc_name, acc = excluded.acc, acc_bank = excluded.acc_bank, updated_at = excluded.updated_at
              where (pay_accounts.acc_name, pay_accounts.acc, pay_accounts.acc_bank) is distinct from (excluded.acc_name, excluded.acc, excluded.acc_bank)
              returning (xmax = 0) as inserted
            )
            select (select count(*) from m)::int as matched, (select count(*) from up where inserted)::int as inserted,
              (select count(*) from up where not inserted)::int as changed`,
          )
        : [{ matched: 0, inserted: 0, changed: 0 }];
      skipped['player not imported'] = good.length - c!.matched;
      return { fa_user_pay: { read: rows.length, imported: c!.inserted, updated: c!.changed, unchanged: c!.matched - c!.inserted - c!.changed, skipped } };
    },
  );
}
