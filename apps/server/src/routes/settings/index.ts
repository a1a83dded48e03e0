import type { FastifyInstance } from 'fastify';
import { api, formatMoney } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { readSiteSettings } from '../../domain/settings/siteSettings.js';

/** Public: the operator's settings players see (version label, minimum withdrawal, the lines of /changeline), read fresh on every call. */
export default async function siteConfigRoutes(app: FastifyInstance) {
  const siteConfig = async () => {
    const s = await readSiteSettings(app.db);
    const supportUrl = s.supportUrl ?? app.config.supportChatUrl ?? null;
    return { version_label: s.versionLabel, min_withdraw: formatMoney(s.minWithdraw), support_enabled: supportUrl !== null, lines: app.config.apiLines };
  };
  serve(app, api.settings.siteConfig, {}, async (_request, reply) => reply.ok(await siteConfig()));
  serve(app, api.settings.siteConfigPost, {}, async (_request, reply) => reply.ok(await siteConfig()));
}
