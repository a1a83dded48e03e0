import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { auditLog } from '../../db/schema.js';

export interface AuditEntry {
  operatorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string;
  at: number;
}

/**
 * Appends one audit row. Call it with the transaction of the action it records (DESIGN §7), so the
 * action and its record commit or fail together. The table refuses updates and deletes (migration 0002).
 */
export async function audit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
    createdAt: new Date(entry.at),
  });
}

/** The audit trail, newest first (admins only): at most `limit` rows with the operator's name. */
export async function listAudit(db: DbOrTx, limit = 500) {
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select a.id, a.operator_id, o.username, a.action, a.target_type, a.target_id, a.detail, a.ip, a.created_at
    from audit_log a left join operators o on o.id = a.operator_id order by a.id desc limit ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    operator_id: r.operator_id === null ? null : Number(r.operator_id),
    username: (r.username as string | null) ?? null,
    action: String(r.action),
    target_type: (r.target_type as string | null) ?? null,
    target_id: (r.target_id as string | null) ?? null,
    detail: (r.detail as Record<string, unknown> | null) ?? null,
    ip: (r.ip as string | null) ?? null,
    created_at: Math.floor(new Date(r.created_at as string).getTime() / 1000),
  }));
}
