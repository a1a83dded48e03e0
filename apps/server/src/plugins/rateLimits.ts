import type { FastifyRequest } from 'fastify';

/** Per-route request limits (per client IP), on top of the per-account lockouts. */
export interface RateLimits {
  login: RouteLimit;
  register: RouteLimit;
  /** Password and security-code changes. */
  secret: RouteLimit;
  upload: RouteLimit;
  /** Lottery/playOrder, per player (not per IP): keeps one account from flooding the bet path. */
  bet: RouteLimit;
}

export type RouteLimit = { max: number; timeWindow: string; keyGenerator?: (r: FastifyRequest) => string } | false;

export const defaultRateLimits: RateLimits = {
  login: { max: 30, timeWindow: '5 minutes' },
  register: { max: 20, timeWindow: '1 hour' },
  secret: { max: 20, timeWindow: '5 minutes' },
  upload: { max: 30, timeWindow: '5 minutes' },
  bet: { max: 30, timeWindow: '10 seconds' },
};
