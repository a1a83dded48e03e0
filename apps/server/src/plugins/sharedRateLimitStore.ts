/**
 * The rate limits' counters with several nodes: in Redis, shared by every node (@fastify/rate-limit's
 * own Redis store); while Redis does not answer, in this node's memory (its own local store). Each
 * node then counts alone, so a limit is at most N times looser with N nodes — never lifted, and never
 * refusing everyone as a closed failure would. Counting goes back to Redis with the first command it
 * answers (ioredis reconnects by itself; its counting script is sent again to a restarted Redis).
 * The per-account lockouts (sign-in, security code) live in the database and hold throughout.
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

interface Store {
  incr(key: string, callback: Counted, timeWindow: number, max: number): void;
  read(key: string, callback: Counted, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}

// The package's two stores are not in its typed exports; their constructors are stable and documented.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

/** Whether this node counts in its memory now; logged when that changes. */
class Mode {
  local = false;

  constructor(private log: FastifyBaseLogger) {}

  set(local: boolean, err?: unknown): void {
    if (local === this.local) return;
    this.local = local;
    if (local) this.log.warn({ err }, "rate limits counted in this node's memory while Redis does not answer");
    else this.log.info('rate limits counted in Redis again');
  }
}

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private redis: Redis,
    private shared: Store,
    private local: Store,
    private mode: Mode,
  ) {}

  incr(key: string, callback: Counted, timeWindow: number, max: number): void {
    this.count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Counted, timeWindow: number, max: number): void {
    this.count('read', key, callback, timeWindow, max);
  }

  private count(op: 'incr' | 'read', key: string, callback: Counted, timeWindow: number, max: number): void {
    // Not connected: in memory at once (the client refuses commands until it has reconnected).
    if (this.redis.status !== 'ready') {
      this.mode.set(true, new Error(`redis ${this.redis.status}`));
      return this.local[op](key, callback, timeWindow, max);
    }
    this.shared[op](
      key,
      (err, result) => {
        if (err) {
          this.mode.set(true, err);
          return this.local[op](key, callback, timeWindow, max);
        }
        this.mode.set(false);
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions), this.mode);
  }
}

/** The `store` option of @fastify/rate-limit: counters in Redis under `nameSpace`, in memory while it is away. */
export function sharedRateLimitStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const mode = new Mode(log);
  return class extends FallbackStore {
    // The plugin passes its merged settings, typed as the plugin's options.
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = options as RateLimitOptions;
      super(redis, new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff), mode);
    }
  };
}
