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

/**
 * Limits on each caller across all its calls (plugins/callerLimits.ts, http/connectionGuard.ts), so
 * that one caller is refused (429) before it makes others wait. `false` turns one off.
 */
export interface CallerLimits {
  /** Database-bound calls one session (its token) may have in flight at once. */
  inFlightPerSession: number | false;
  /** Database-bound calls in flight from one address, with a session or without (the cap of callers without one). */
  inFlightPerAddress: number | false;
  /** Database-bound calls without a limit of their own (reads, mostly), per session. */
  readsPerSession: RouteLimit;
  /** The same, per address. */
  readsPerAddress: RouteLimit;
  /** Open connections per address, live event streams not counted (not counted behind a proxy: TRUST_PROXY). */
  connectionsPerAddress: number | false;
  /** Live event streams per address (behind a proxy, per forwarded client address). */
  streamsPerAddress: number | false;
}

export const defaultCallerLimits: CallerLimits = {
  // The apps load a screen with a handful of calls at once.
  inFlightPerSession: 8,
  inFlightPerAddress: 64,
  readsPerSession: { max: 60, timeWindow: '10 seconds' },
  readsPerAddress: { max: 300, timeWindow: '10 seconds' },
  // A browser keeps up to 6 connections to a site, and one live stream per tab.
  connectionsPerAddress: 64,
  streamsPerAddress: 16,
};

/** The default caller limits with every number multiplied by `factor` (RATE_LIMIT_FACTOR, as above). */
export function scaledCallerLimits(factor: number): CallerLimits {
  if (factor === 1) return defaultCallerLimits;
  const count = (n: number | false) => (n === false ? n : Math.ceil(n * factor));
  const rate = (limit: RouteLimit): RouteLimit => (limit ? { ...limit, max: Math.ceil(limit.max * factor) } : limit);
  const d = defaultCallerLimits;
  return {
    inFlightPerSession: count(d.inFlightPerSession),
    inFlightPerAddress: count(d.inFlightPerAddress),
    readsPerSession: rate(d.readsPerSession),
    readsPerAddress: rate(d.readsPerAddress),
    connectionsPerAddress: count(d.connectionsPerAddress),
    streamsPerAddress: count(d.streamsPerAddress),
  };
}
