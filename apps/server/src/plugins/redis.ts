/**
 * Redis, when `REDIS_URL` is set (several nodes): `app.redis` shares the rate limits' counters
 * (sharedRateLimitStore.ts) and the rooms' presence (live/sharedPresence.ts) between nodes.
 * Unset (one node, the PGlite start-up), `app.redis` is null and both stay in memory. A node with
 * `REDIS_URL` refuses to start when Redis does not answer. Once running, a Redis outage never fails
 * players' requests: meanwhile each node counts the rate limits in its own memory and shows its own
 * viewers, and both are shared again as soon as the client has reconnected (by itself, every ≤ 2 s).
 */
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export const redisPlugin = fp<{ url: string | undefined }>(async (app, opts) => {
  if (!opts.url) {
    app.decorate('redis', null);
    return;
  }
  // Loaded only when configured: a single node without Redis starts without it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(opts.url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    // Fail at once while disconnected instead of queueing players' requests behind a dead server…
    enableOfflineQueue: false,
    // …and within a second when it is connected but silent (a half-open socket); TCP keep-alive ends such a socket.
    commandTimeout: 1000,
    keepAlive: 10_000,
  });
  // Loss and return logged once each, however many reconnection attempts fail in between.
  let down = false;
  let closing = false;
  const lost = (err?: Error) => {
    if (down || closing) return;
    down = true;
    app.log.warn({ err }, 'redis connection lost; reconnecting (rate limits per node and presence of this node meanwhile)');
  };
  redis.on('error', lost);
  redis.on('close', () => lost());
  redis.on('ready', () => {
    if (down) app.log.info('redis connection back');
    down = false;
  });
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    closing = true;
    redis.disconnect();
  });
});
