import type { FastifyInstance } from 'fastify';
import adminAuthRoutes from './auth.js';
import adminOperatorRoutes from './operators.js';
import adminReviewRoutes from './reviews.js';

/** The operator API under /api/admin/ (the console at /admin/ is its client). */
export default async function adminRoutes(app: FastifyInstance) {
  await app.register(adminAuthRoutes);
  await app.register(adminOperatorRoutes);
  await app.register(adminReviewRoutes);
}
