import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export interface AuditFilter {
  operator?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: number;
  to?: number;
  page?: number;
  limit?: number;
}

/**
 * The audit trail, newest first, filtered by operator name, action (prefix, e.g. "deposit." or
 * "operator.login_failed"), target and period. `detail` carries before/after for changes.
 */
export async function listAudit(db: DbOrTx, f: AuditFilter) {
  const where = auditFilterConditions(f);
  const limit = f.limit ?? 50;
  const offset = ((f.page ?? 1) - 1) * limit;
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select a.id, a.operator_id, o.username, a.action, a.target_type, a.target_id, a.detail, a.ip, a.created_at,
           count(*) over () as total
    from audit_log a left join operators o on o.id = a.operator_id
    ${cond}
    order by a.id desc limit ${limit} offset ${offset}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map((r) => ({
      id: Number(r.id),
      operator_id: r.operator_id === null ? null : Number(r.operator_id),
      username: (r.username as string | null) ?? '',
      action: r.action as string,
      target_type: (r.target_type as string | null) ?? '',
      target_id: (r.target_id as string | null) ?? '',
      detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : (r.detail ?? null),
      ip: (r.ip as string | null) ?? '',
      created_at: Math.floor(new Date(r.created_at as string).getTime() / 1000),
    })),
  };
}

/**
 * The audit screen's filters as SQL over `audit_log a` joined to `operators o`: the list and its CSV
 * export (domain/exports/lists.ts) both read it. Every value is a bound parameter.
 */
export function auditFilterConditions(f: Omit<AuditFilter, 'page' | 'limit'>): SQL[] {
  const where: SQL[] = [];
  if (f.operator) where.push(sql`lower(o.username) = lower(${f.operator})`);
  if (f.action) where.push(sql`a.action like ${f.action.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`);
  if (f.targetType) where.push(sql`a.target_type = ${f.targetType}`);
  if (f.targetId) where.push(sql`a.target_id = ${f.targetId}`);
  if (f.from !== undefined) where.push(sql`a.created_at >= ${new Date(f.from).toISOString()}`);
  if (f.to !== undefined) where.push(sql`a.created_at < ${new Date(f.to).toISOString()}`);
  return where;
}
