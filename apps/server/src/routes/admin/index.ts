import type { FastifyInstance } from 'fastify';
import adminAuthRoutes from './auth.js';
import adminOperatorRoutes from './operators.js';
import adminReviewRoutes from './reviews.js';
import adminUserRoutes from './users.js';
import adminGameRoutes from './games.js';
import adminSettingsRoutes from './settings.js';
import adminContentRoutes from './content.js';
import adminCampaignRoutes from './campaigns.js';
import adminExportRoutes from './exports.js';
import adminAdjustmentRoutes from './adjustments.js';
import adminChatRoutes from './chat.js';
import adminRedPacketRoutes from './redPackets.js';

/** The operator API under /api/admin/ (the console at /admin/ is its client). */
export default async function adminRoutes(app: FastifyInstance) {
  await app.register(adminAuthRoutes);
  await app.register(adminOperatorRoutes);
  await app.register(adminReviewRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminGameRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminCampaignRoutes);
  await app.register(adminExportRoutes);
  await app.register(adminAdjustmentRoutes);
  await app.register(adminChatRoutes);
  await app.register(adminRedPacketRoutes);
}
