import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { CONFIRMED_CACHE_MS, type SessionUser } from '../domain/accounts/sessions.js';
import { SessionStore } from '../live/sessionStore.js';
import { AppError, unauthorized } from '../errors.js';
import { asGuard } from '../http/guards.js';
import { MEMBER_GROUP } from '../domain/accounts/users.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** preValidation guard: the caller must be logged in (any group). */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preValidation guard like requireUser, answered from the session resolved in the last minute
     * when there is one (CONFIRMED_CACHE_MS; the bet path): the route must confirm the session where
     * it writes (placing a bet checks it in its own statement, or resolves it afresh before the
     * general path).
     */
    requireUserRecent: (request: FastifyRequest) => Promise<void>;
    /** preValidation guard: the caller must be a full member (group 1), not a guest. */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /**
     * requireMember answered like requireUserRecent (the bet path). A guest only ever becomes a member,
     * never the reverse, so a remembered member is still one; a remembered guest is looked up afresh
     * (it may have upgraded on another node in the last minute).
     */
    requireMemberRecent: (request: FastifyRequest) => Promise<void>;
    /** The caller's session when a valid token is sent, else null; never throws for a bad token. */
    optionalUser: (request: FastifyRequest, opts?: { cachedFor?: number }) => Promise<SessionUser | null>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const tokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
};

/** Player sessions: the token travels in the `token` header (or `Authorization: Bearer`). */
export const authPlugin = fp(async (app) => {
  app.decorate('sessions', new SessionStore(app.database));
  app.decorateRequest('user', null);

  app.decorate('optionalUser', async (request: FastifyRequest, opts: { cachedFor?: number } = {}) => {
    const token = tokenOf(request);
    if (!token || token.length > 200) return null;
    request.user = await app.sessions.resolve(token, app.clock.now(), opts);
    return request.user;
  });

  app.decorate(
    'requireUser',
    asGuard('user', async (request: FastifyRequest) => {
      const user = await app.optionalUser(request);
      if (!user) throw unauthorized();
    }),
  );

  app.decorate(
    'requireUserRecent',
    asGuard('user', async (request: FastifyRequest) => {
      const user = await app.optionalUser(request, { cachedFor: CONFIRMED_CACHE_MS });
      if (!user) throw unauthorized();
    }),
  );

  app.decorate(
    'requireMember',
    asGuard('member', async (request: FastifyRequest) => {
      const user = await app.optionalUser(request);
      if (!user) throw unauthorized();
      if (user.groupId !== MEMBER_GROUP) throw new AppError('err.guest_forbidden');
    }),
  );

  app.decorate(
    'requireMemberRecent',
    asGuard('member', async (request: FastifyRequest) => {
      let user = await app.optionalUser(request, { cachedFor: CONFIRMED_CACHE_MS });
      if (user && user.groupId !== MEMBER_GROUP) user = await app.optionalUser(request);
      if (!user) throw unauthorized();
      if (user.groupId !== MEMBER_GROUP) throw new AppError('err.guest_forbidden');
    }),
  );
});
