import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors.js';
import { tokenOf } from './auth.js';
import { asGuard } from '../http/guards.js';
import { resolveOperatorSession, type SessionOperator } from '../domain/operators/sessions.js';
import { operatorAccess, operatorMayCall } from '@lucky28/shared';
import type { OperatorRole } from '../domain/operators/roles.js';
import { audit } from '../domain/operators/audit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preValidation guard factory: the caller must hold a valid operator session whose role is one of `roles`
     * (admin is always accepted) and, where the role needs TOTP, must have enrolled. A player's token
     * is refused with 401; a wrong role or a pending enrolment with 403, and that refusal is audited.
     */
    requireOperator: (...roles: OperatorRole[]) => (request: FastifyRequest) => Promise<void>;
    /** preValidation guard: any operator session, also one whose TOTP enrolment is still pending (me, enrolment, sign-out). */
    requireOperatorSession: (request: FastifyRequest) => Promise<void>;
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

  app.decorate(
    'requireOperatorSession',
    asGuard('operator', async (request: FastifyRequest) => {
      if (!(await app.optionalOperator(request))) throw unauthorized();
    }),
  );

  /** Records a refused call of a signed-in operator (the audit trail shows who tried what) and refuses it. */
  const refuse = async (request: FastifyRequest, operator: SessionOperator, reason: 'role' | 'totp_enrolment') => {
    await audit(app.db, {
      operatorId: operator.operatorId,
      action: 'operator.refused',
      targetType: 'route',
      targetId: (request.routeOptions.url ?? request.url.split('?')[0] ?? '').slice(0, 200),
      detail: { reason, role: operator.role },
      ip: request.ip,
      at: app.clock.now(),
    });
    return new AppError(reason === 'role' ? 'err.forbidden' : 'err.totp_enrolment_required', { httpStatus: 403, code: 403 });
  };

  app.decorate('requireOperator', (...roles: OperatorRole[]) => {
    // Admin is named: no roles at all means admins only, never "any operator".
    const access = operatorAccess('admin', ...roles);
    return asGuard(
      'operator',
      async (request: FastifyRequest) => {
        const operator = await app.optionalOperator(request);
        if (!operator) throw unauthorized();
        if (operator.enrolmentPending) throw await refuse(request, operator, 'totp_enrolment');
        if (!operatorMayCall(access, operator.role)) throw await refuse(request, operator, 'role');
      },
      ['admin', ...roles],
    );
  });
});
