import type { FastifyRequest } from 'fastify';

/**
 * Who a route lets in: a logged-in player (guests too), a full member, an operator, or a partner
 * system holding a shared key (routes without a guard are public).
 */
export type GuardKind = 'user' | 'member' | 'operator' | 'service';
export type Guard = (request: FastifyRequest) => Promise<void>;

const GUARD = Symbol.for('lucky28.guard');
const ROLES = Symbol.for('lucky28.guard.roles');

/**
 * Marks an authentication check, so the route table knows who may call each route and can insist
 * that the check runs in `preValidation`, before the route's input schema is checked: a caller who
 * may not use a route learns nothing about what it accepts (and gets 401/403, not a field error).
 */
export function asGuard<G extends Guard>(kind: GuardKind, guard: G, roles?: readonly string[]): G {
  Object.defineProperty(guard, GUARD, { value: kind });
  if (roles) Object.defineProperty(guard, ROLES, { value: Object.freeze([...roles]) });
  return guard;
}

export function guardKindOf(fn: unknown): GuardKind | undefined {
  return typeof fn === 'function' ? ((fn as unknown as Record<symbol, GuardKind | undefined>)[GUARD] ?? undefined) : undefined;
}

/** The operator roles an operator guard accepts (admin always included), or undefined for any operator session / other guards. */
export function guardRolesOf(fn: unknown): readonly string[] | undefined {
  return typeof fn === 'function' ? ((fn as unknown as Record<symbol, readonly string[] | undefined>)[ROLES] ?? undefined) : undefined;
}
