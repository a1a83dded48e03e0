import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** Liveness (the process answers) and readiness (the database answers). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ready', database: app.database.kind };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
