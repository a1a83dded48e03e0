import type { FastifyInstance } from 'fastify';
import { api, isSiteAddress } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { AppError } from '../../errors.js';
import { audited } from './audited.js';
import { holdContentImages } from '../../domain/content/images.js';
import { allCampaigns, endCampaign, findCampaign, saveCampaign } from '../../domain/rewards/campaigns.js';
import { adminCampaignList, campaignStats, presentAdminCampaign } from '../../domain/rewards/stats.js';

/** The console's campaigns (admin): list, create or edit, end, figures. Every change writes its audit row in the same transaction. */
export default async function adminCampaignRoutes(app: FastifyInstance) {
  serve(app, api.campaigns.campaignList, {}, async (_request, reply) => reply.ok(await adminCampaignList(app.db, await allCampaigns(app.db), app.clock.now())));

  serve(app, api.campaigns.campaignSave, {}, async (request, reply) => {
    // A banner is a picture every player's browser loads: this site's own, never another host's (docs/api-conventions.md).
    const { banner } = request.body;
    if (banner !== undefined && !isSiteAddress(banner, app.config.apiLines)) throw new AppError('err.campaign_banner_invalid', { field: 'banner' });
    const after = await audited(app, request, async (tx, record, actor) => {
      if (banner !== undefined) await holdContentImages(tx, banner, 'banner');
      const change = await saveCampaign(tx, request.body, actor.at);
      await record({
        action: `campaign.${change.before ? 'update' : 'create'}`,
        targetType: 'campaign',
        targetId: change.after.id,
        detail: { before: change.before, after: change.after },
      });
      return change.after;
    });
    return reply.ok(presentAdminCampaign(after, app.clock.now()), 'msg.set_success');
  });

  serve(app, api.campaigns.campaignEnd, {}, async (request, reply) => {
    const after = await audited(app, request, async (tx, record, actor) => {
      const change = await endCampaign(tx, request.body.id, actor.at);
      await record({ action: 'campaign.end', targetType: 'campaign', targetId: change.after.id, detail: { before: change.before, after: change.after } });
      return change.after;
    });
    return reply.ok(presentAdminCampaign(after, app.clock.now()), 'msg.set_success');
  });

  serve(app, api.campaigns.campaignStats, {}, async (request, reply) => {
    if (!(await findCampaign(app.db, request.body.id))) throw new AppError('err.campaign_not_found', { field: 'id' });
    return reply.ok(await campaignStats(app.db, request.body.id, app.config.timeZone));
  });
}
