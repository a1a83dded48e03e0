import type { FastifyInstance } from 'fastify';
import { api, DEFAULT_ADJUST_APPROVAL_ABOVE_CENTS, formatMoney, formatRate } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { audited } from './audited.js';
import { readSiteSettings, writeSetting, type SiteSettings } from '../../domain/settings/siteSettings.js';

const rateText = (millionths: number | null) => (millionths === null ? '' : formatRate(millionths));

const present = (s: SiteSettings, fallbackSupportUrl: string | undefined) => ({
  ...s.deposit,
  usdt_rate: rateText(s.depositTerms.usdtRate),
  bank_currency: s.depositTerms.bankCurrency ?? '',
  bank_rate: rateText(s.depositTerms.bankRate),
  min_deposit: s.depositTerms.limitsSet.min ? formatMoney(s.depositTerms.minDeposit) : '',
  max_deposit: s.depositTerms.limitsSet.max ? formatMoney(s.depositTerms.maxDeposit) : '',
  support_url: s.supportUrl ?? '',
  support_url_env: fallbackSupportUrl ?? '',
  min_withdraw: formatMoney(s.minWithdraw),
  version_label: s.versionLabel,
  adjust_approval_above: formatMoney(s.adjustApprovalAbove),
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
      await writeSetting(tx, 'deposit_rates', { usdt: body.usdt_rate, bank: body.bank_rate, bank_currency: body.bank_currency }, at);
      await writeSetting(tx, 'deposit_limits', { min: body.min_deposit, max: body.max_deposit }, at);
      await writeSetting(tx, 'support_url', body.support_url ?? '', at);
      await writeSetting(tx, 'min_withdraw', body.min_withdraw, at);
      await writeSetting(tx, 'version_label', body.version_label, at);
      await writeSetting(tx, 'adjust_approval_above', body.adjust_approval_above ?? DEFAULT_ADJUST_APPROVAL_ABOVE_CENTS, at);
      const next = present(await readSiteSettings(tx), app.config.supportChatUrl);
      await record({ action: 'settings.update', targetType: 'settings', detail: { before, after: next } });
      return next;
    });
    return reply.ok(after, 'msg.set_success');
  });
}
