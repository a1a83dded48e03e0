import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@lucky28/shared';
import { readSiteSettings } from '../../domain/settings/siteSettings.js';

/** Public: the operator's settings players see (version label, minimum withdrawal), read fresh on every call. */
export default async function siteConfigRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/common/siteConfig',
    handler: async (_request, reply) => {
      const s = await readSiteSettings(app.db);
      const supportUrl = s.supportUrl ?? app.config.supportChatUrl ?? null;
      return reply.ok({ version_label: s.versionLabel, min_withdraw: formatMoney(s.minWithdraw), support_enabled: supportUrl !== null });
    },
  });
}
