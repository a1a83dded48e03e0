/**
 * Limits on each caller across all its calls, so that one caller flooding the server is refused
 * (HTTP 429, `Retry-After`) before the others wait behind it:
 * - calls in flight: each session (its token) and each address may have only so many calls that
 *   reach the database under way at once; one more is refused at once, before its body is read,
 *   instead of queueing ahead of other callers' work;
 * - read rates: calls without a limit of their own (reads, mostly; writes have theirs, see
 *   rateLimits.ts) are counted per session (a player's; an operator's console calls per address
 *   only) and per address over a window (shared between nodes through Redis like the other limits);
 * - live streams per address (http/connectionGuard.ts).
 * The address is the client's (X-Forwarded-For behind a trusted proxy), IPv6 by its /64. A token is
 * counted before anyone checks it, so forged tokens buy nothing beyond the address's own limits.
 * Outside: calls served from memory (the heart poll; routes marked `servedFromMemory`), the health
 * checks and the static apps (not under /api/).
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '../errors.js';
import type { ConnectionGuard } from '../http/connectionGuard.js';
import { tokenOf } from './auth.js';
import type { CallerLimits } from './rateLimits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers from memory, without database work: outside the per-caller limits. */
    servedFromMemory?: boolean;
  }
}

/** Seconds a caller refused for having too much in flight should wait: its calls take milliseconds. */
const BUSY_RETRY_AFTER = '1';
/**
 * A caller over its read rate gets its 429 after this long: a client that retries at once (a flood)
 * then costs the server a timer per connection and second, not a stream of answers that would keep
 * a core busy while others wait. Its place in flight is freed first: it does no database work.
 */
const OVER_RATE_DELAY_MS = 1000;
/** A refused stream: the app polls meanwhile and tries the stream again later. */
const STREAM_RETRY_AFTER = '30';

/** Calls under way per session and per address. */
class InFlight {
  readonly #sessions = new Map<string, number>();
  readonly #addresses = new Map<string, number>();

  constructor(
    private readonly perSession: number | false,
    private readonly perAddress: number | false,
  ) {}

  enter(address: string, token: string | undefined): boolean {
    const fromAddress = this.#addresses.get(address) ?? 0;
    if (this.perAddress !== false && fromAddress >= this.perAddress) return false;
    if (token !== undefined && this.perSession !== false) {
      const fromSession = this.#sessions.get(token) ?? 0;
      if (fromSession >= this.perSession) return false;
      this.#sessions.set(token, fromSession + 1);
    }
    this.#addresses.set(address, fromAddress + 1);
    return true;
  }

  leave(address: string, token: string | undefined): void {
    decrement(this.#addresses, address);
    if (token !== undefined && this.perSession !== false) decrement(this.#sessions, token);
  }
}

/**
 * Starts admitted calls one per caller and turn of the event loop, callers in turn. On the embedded
 * database a call's queries run on the server's thread from start to end without giving the loop a
 * turn, so every call read in one turn would run before anything else is read: one caller's burst
 * of calls (its places' worth) would hold up every other caller, and its calls beyond its places
 * would never overlap them to be refused. Started here, a turn holds at most one call of each
 * caller, and the caller's others wait in its places (on PostgreSQL they then run side by side).
 */
class Turns {
  readonly #waiting = new Map<string, (() => void)[]>();
  #scheduled = false;

  start(caller: string, call: () => void): void {
    const queue = this.#waiting.get(caller);
    if (queue) queue.push(call);
    else this.#waiting.set(caller, [call]);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#turn);
    }
  }

  readonly #turn = () => {
    this.#scheduled = false;
    for (const [caller, queue] of [...this.#waiting]) {
      const call = queue.shift()!;
      if (queue.length === 0) this.#waiting.delete(caller);
      call();
    }
    if (this.#waiting.size > 0 && !this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#turn);
    }
  };
}

function decrement(counts: Map<string, number>, key: string): void {
  const n = (counts.get(key) ?? 1) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/**
 * An admitted call's way to give its place back (once), kept on its request: a WeakMap keyed by
 * every request made each garbage collection slower for the whole process (after the bench's bets,
 * a third more CPU per heart poll). For the same reason http/timeouts.ts and http/connectionGuard.ts
 * keep what they know of a socket on the socket.
 */
const PLACE = Symbol('place');
type Placed = FastifyRequest & { [PLACE]?: () => void };

/** A session's key in the shared counters: never the token itself (Redis keys are not secret). */
const sessionKey = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 22);

type Hook = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;
type AsyncHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function addHook(route: RouteOptions, name: 'onRequest' | 'preValidation', hook: Hook | AsyncHook, first = false): void {
  const existing = route[name];
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  route[name] = (first ? [hook, ...list] : [...list, hook]) as never;
}

export const callerLimitsPlugin = fp<{ limits: CallerLimits; connections: ConnectionGuard }>(
  async (app, { limits, connections }) => {
    const inFlight =
      limits.inFlightPerSession === false && limits.inFlightPerAddress === false
        ? undefined
        : new InFlight(limits.inFlightPerSession, limits.inFlightPerAddress);

    const turns = new Turns();
    const admitCall: Hook = (request, reply, done) => {
      const address = normalizeIP(request.ip);
      const token = tokenOf(request);
      if (!inFlight!.enter(address, token)) {
        reply.header('retry-after', BUSY_RETRY_AFTER);
        return done(new AppError('err.too_busy', { httpStatus: 429 }));
      }
      let held = true;
      const leave = () => {
        if (held) inFlight!.leave(address, token);
        held = false;
      };
      (request as Placed)[PLACE] = leave;
      // When the answer is sent, or the client went away (the handler may still be finishing: the
      // read limits bound how often a caller can do that).
      reply.raw.once('close', leave);
      turns.start(token ?? address, () => done());
    };

    const readsPerSession = limits.readsPerSession
      ? app.createRateLimit({ ...limits.readsPerSession, keyGenerator: (r) => `reads:session:${sessionKey(tokenOf(r)!)}` })
      : undefined;
    const readsPerAddress = limits.readsPerAddress
      ? app.createRateLimit({ ...limits.readsPerAddress, keyGenerator: (r) => `reads:address:${normalizeIP(r.ip)}` })
      : undefined;
    const readChecks =
      (perSession: boolean): AsyncHook =>
      async (request, reply) => {
        const checks = [perSession && tokenOf(request) !== undefined ? readsPerSession : undefined, readsPerAddress];
        for (const check of checks) {
          if (!check) continue;
          const limit = await check(request);
          if (!limit.isAllowed && limit.isExceeded) {
            (request as Placed)[PLACE]?.();
            await new Promise((resolve) => setTimeout(resolve, OVER_RATE_DELAY_MS));
            reply.header('retry-after', String(Math.max(1, limit.ttlInSeconds - OVER_RATE_DELAY_MS / 1000)));
            throw new AppError('err.rate_limited', { httpStatus: 429 });
          }
        }
      };

    const checkPlayerReads = readChecks(true);
    const checkOperatorReads = readChecks(false);

    const admitStream: Hook = (request, reply, done) => {
      const release = connections.openStream(request.ip, request.raw.socket);
      if (!release) {
        reply.header('retry-after', STREAM_RETRY_AFTER);
        return done(new AppError('err.too_many_streams', { httpStatus: 429 }));
      }
      reply.raw.once('close', release);
      done();
    };

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const config = route.config as { eventStream?: boolean; servedFromMemory?: boolean; rateLimit?: unknown } | undefined;
      if (config?.eventStream) return addHook(route, 'onRequest', admitStream);
      if (config?.servedFromMemory) return;
      if (inFlight) addHook(route, 'onRequest', admitCall);
      // Before the route's guard: a refused call costs no session lookup. An operator's console works
      // through queues in bursts (approving one request after another) from few, TOTP-guarded and
      // audited sessions: its calls are counted per address and in flight, not per session.
      if ((readsPerSession || readsPerAddress) && config?.rateLimit === undefined) {
        addHook(route, 'preValidation', route.url.startsWith('/api/admin/') ? checkOperatorReads : checkPlayerReads, true);
      }
    });
  },
  { name: 'caller-limits', dependencies: ['@fastify/rate-limit'] },
);
