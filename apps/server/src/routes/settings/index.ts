import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatMoney, noInput, siteConfigData } from '@lucky28/shared';
import { answers } from '../../http/answers.js';
import { readSiteSettings } from '../../domain/settings/siteSettings.js';

/** Public: the operator's settings players see (version label, minimum withdrawal), read fresh on every call. */
export default async function siteConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const siteConfig = async () => {
    const s = await readSiteSettings(app.db);
    const supportUrl = s.supportUrl ?? app.config.supportChatUrl ?? null;
    return { version_label: s.versionLabel, min_withdraw: formatMoney(s.minWithdraw), support_enabled: supportUrl !== null };
  };
  app.get('/api/common/siteConfig', { schema: { querystring: noInput, response: answers(siteConfigData) } }, async (_request, reply) =>
    reply.ok(await siteConfig()),
  );
  app.post('/api/common/siteConfig', { schema: { body: noInput, response: answers(siteConfigData) } }, async (_request, reply) =>
    reply.ok(await siteConfig()),
  );
}
