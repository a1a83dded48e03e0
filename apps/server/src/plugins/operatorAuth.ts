import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors.js';
import { tokenOf } from './auth.js';
import { asGuard } from '../http/guards.js';
import { resolveOperatorSession, type SessionOperator } from '../domain/operators/sessions.js';
import { roleAllows, type OperatorRole } from '../domain/operators/roles.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preValidation guard factory: the caller must hold a valid operator session whose role is one of `roles`
     * (admin is always accepted). A player's token is refused with 401, a wrong role with 403.
     */
    requireOperator: (...roles: OperatorRole[]) => (request: FastifyRequest) => Promise<void>;
    /** The caller's operator session when an operator token is sent, else null. */
    optionalOperator: (request: FastifyRequest) => Promise<SessionOperator | null>;
  }
  interface FastifyRequest {
    operator: SessionOperator | null;
  }
}

/** Operator sessions for /api/admin/*: the same `token` header as players, looked up only among operators. */
export const operatorAuthPlugin = fp(async (app) => {
  app.decorateRequest('operator', null);

  app.decorate('optionalOperator', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) return null;
    request.operator = await resolveOperatorSession(app.db, token, app.clock.now());
    return request.operator;
  });

  app.decorate('requireOperator', (...roles: OperatorRole[]) =>
    asGuard('operator', async (request: FastifyRequest) => {
      const operator = await app.optionalOperator(request);
      if (!operator) throw unauthorized();
      if (!roleAllows(operator.role, roles)) throw new AppError('err.forbidden', { httpStatus: 403, code: 403 });
    }),
  );
});
