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

/**
 * The default limits with every `max` multiplied by `factor` (RATE_LIMIT_FACTOR): a test or demo
 * environment where many accounts share one IP raises them; 1 is production's.
 */
export function scaledRateLimits(factor: number): RateLimits {
  if (factor === 1) return defaultRateLimits;
  const scale = (limit: RouteLimit): RouteLimit => (limit ? { ...limit, max: Math.ceil(limit.max * factor) } : limit);
  return Object.fromEntries(Object.entries(defaultRateLimits).map(([k, v]) => [k, scale(v)])) as unknown as RateLimits;
}
