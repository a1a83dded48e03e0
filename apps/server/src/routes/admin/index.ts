import type { FastifyInstance } from 'fastify';
import adminAuthRoutes from './auth.js';
import adminReviewRoutes from './reviews.js';

/** The operator API under /api/admin/ (screens come with the console issue). */
export default async function adminRoutes(app: FastifyInstance) {
  await app.register(adminAuthRoutes);
  await app.register(adminReviewRoutes);
}
