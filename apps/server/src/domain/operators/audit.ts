import type { AuditAction, AuditTarget } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export interface AuditEntry {
  operatorId: number | null;
  /** One of the shared list (packages/shared/src/audit.ts), which the console has words for. */
  action: AuditAction;
  targetType?: AuditTarget;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string;
  at: number;
}

/**
 * Appends one audit row. Call it with the transaction of the action it records (docs/design.md#security), so the
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
