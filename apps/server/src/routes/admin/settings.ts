import type { FastifyInstance } from 'fastify';
import { api, formatMoney } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { audited } from './audited.js';
import { readSiteSettings, writeSetting, type SiteSettings } from '../../domain/settings/siteSettings.js';

const present = (s: SiteSettings, fallbackSupportUrl: string | undefined) => ({
  ...s.deposit,
  support_url: s.supportUrl ?? '',
  support_url_env: fallbackSupportUrl ?? '',
  min_withdraw: formatMoney(s.minWithdraw),
  version_label: s.versionLabel,
});

/** The settings screen: every operator reads; admins change (audited with before and after). */
export default async function adminSettingsRoutes(app: FastifyInstance) {
  serve(app, api.admin.settingsGet, {}, async (_request, reply) => {
    return reply.ok(present(await readSiteSettings(app.db), app.config.supportChatUrl));
  });

  serve(app, api.admin.settingsUpdate, {}, async (request, reply) => {
    const body = request.body;
    const after = await audited(app, request, async (tx, record, { at }) => {
      const before = present(await readSiteSettings(tx), app.config.supportChatUrl);
      await writeSetting(tx, 'deposit', { usdt: body.usdt, bankname: body.bankname, banknum: body.banknum, bankxm: body.bankxm }, at);
      await writeSetting(tx, 'support_url', body.support_url ?? '', at);
      await writeSetting(tx, 'min_withdraw', body.min_withdraw, at);
      await writeSetting(tx, 'version_label', body.version_label, at);
      const next = present(await readSiteSettings(tx), app.config.supportChatUrl);
      await record({ action: 'settings.update', targetType: 'settings', detail: { before, after: next } });
      return next;
    });
    return reply.ok(after, 'msg.set_success');
  });
}
