import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noInput, refusalEnvelope } from '@lucky28/shared';
import { pingDatabase } from '../db/query.js';

/** Only a status: a probe learns nothing about what runs behind it. */
const healthData = z.strictObject({ status: z.string() });
const health = { querystring: noInput, response: { 200: healthData, 503: healthData, '4xx': refusalEnvelope } };

/** Liveness (the process answers) and readiness (the database answers and the node is not draining: http/drain.ts). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: health }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: health }, async (_request, reply) => {
    if (app.drain.draining) return reply.status(503).send({ status: 'draining' });
    try {
      await pingDatabase(app.db);
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
