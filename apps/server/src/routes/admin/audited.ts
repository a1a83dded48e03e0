import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { audit, type AuditEntry } from '../../domain/operators/audit.js';

/** Who acts, from where, and when: what every audit row of an operator's request shares. */
export interface Actor {
  operatorId: number;
  ip: string;
  at: number;
}

/** What an audit row says besides its actor: the action, its target and its detail. */
export type AuditRecord = Omit<AuditEntry, keyof Actor>;

export const actorOf = (app: FastifyInstance, request: FastifyRequest): Actor => ({ operatorId: request.operator!.operatorId, ip: request.ip, at: app.clock.now() });

/**
 * An operator's change and its audit row in one transaction (DESIGN §7), so both commit or neither
 * does: `change` does the work, calls `record` with what to write in the trail, and answers the result.
 */
export function audited<T>(app: FastifyInstance, actor: Actor, change: (tx: Tx, record: (entry: AuditRecord) => Promise<void>) => Promise<T>): Promise<T> {
  return app.db.transaction((tx) => change(tx, (entry) => audit(tx, { ...actor, ...entry })));
}
