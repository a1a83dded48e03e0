/**
 * Redis, when `REDIS_URL` is set (several nodes): `app.redis` shares the rate limits' counters
 * (@fastify/rate-limit's Redis store) and the rooms' presence between nodes. Unset (one node, the
 * PGlite start-up), `app.redis` is null and both stay in memory. A node with `REDIS_URL` refuses to
 * start when Redis does not answer; once running, a Redis outage skips the limits and freezes the
 * shared presence counts (logged) rather than failing players' requests.
 */
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

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
  const redis = new Redis(opts.url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    // Fail at once while disconnected instead of queueing players' requests behind a dead server.
    enableOfflineQueue: false,
  });
  let warned = false;
  redis.on('error', (err) => {
    if (!warned) app.log.warn({ err }, 'redis connection error');
    warned = true;
  });
  redis.on('ready', () => (warned = false));
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
});
