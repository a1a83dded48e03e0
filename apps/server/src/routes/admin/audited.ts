import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { audit, type AuditEntry } from '../../domain/operators/audit.js';
import { inTransaction } from '../../db/transaction.js';

/** Who acts, from where, and when: what every audit row of an operator's request shares. */
export interface Actor {
  operatorId: number;
  ip: string;
  at: number;
}

/** What an audit row says besides its actor: the action, its target and its detail. */
export type AuditRecord = Omit<AuditEntry, keyof Actor>;

/**
 * An operator's change and its audit row in one transaction (docs/design.md#security), so both commit or neither
 * does: `change` does the work (as `actor`: the signed-in operator, now), calls `record` with what
 * to write in the trail, and answers the result.
 */
export function audited<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  change: (tx: Tx, record: (entry: AuditRecord) => Promise<void>, actor: Actor) => Promise<T>,
): Promise<T> {
  const actor: Actor = { operatorId: request.operator!.operatorId, ip: request.ip, at: app.clock.now() };
  return inTransaction(app.db, (tx) => change(tx, (entry) => audit(tx, { ...actor, ...entry }), actor));
}
