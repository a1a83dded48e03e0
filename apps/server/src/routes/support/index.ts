import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { asGuard } from '../../http/guards.js';
import { serve } from '../../http/serve.js';
import { chatUrlWithCode, createHandoff, redeemHandoff, supportKeyMatches } from '../../domain/support/handoff.js';
import { readSiteSettings } from '../../domain/settings/siteSettings.js';

const keyOf = (request: FastifyRequest): unknown => request.headers['x-support-key'];

/**
 * Customer-service chat (docs/product.md#what-the-product-does-and-for-whom, #home; docs/spec-differences.md#decided-in-the-design): the app asks whether a chat is configured, a
 * logged-in player (guests included: they need help too) gets the chat URL with a single-use code,
 * and the chat system redeems that code server to server for the player's identity.
 */
export default async function supportRoutes(app: FastifyInstance) {
  /** Public: whether to show the button. */
  serve(app, api.support.config, {}, async (_request, reply) => {
    const url = (await readSiteSettings(app.db)).supportUrl ?? app.config.supportChatUrl ?? null;
    return reply.ok({ enabled: url !== null, url });
  });

  serve(app, api.support.handoff, { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) => {
    const chatUrl = (await readSiteSettings(app.db)).supportUrl ?? app.config.supportChatUrl;
    if (!chatUrl) throw new AppError('err.support_unavailable');
    const code = await createHandoff(app.db, request.user!.userId, app.clock.now());
    return reply.ok({ url: chatUrlWithCode(chatUrl, code) });
  });

  /**
   * Server to server. The chat system (right key) shares one generous bucket; any other caller is
   * limited per IP, so guessing keys or codes is slow as well as hopeless.
   */
  serve(
    app,
    api.support.redeem,
    {
      config: {
        rateLimit: {
          keyGenerator: (request: FastifyRequest) =>
            supportKeyMatches(app.config.supportApiKey, keyOf(request)) ? 'support-redeem:key' : `support-redeem:ip:${request.ip}`,
          max: (_request: FastifyRequest, key: string) => (key === 'support-redeem:key' ? 600 : 10),
          timeWindow: '1 minute',
          // Counted on arrival: a preValidation limit would run after the key guard below, whose 403 would skip it.
          hook: 'onRequest',
        },
      },
      // The key is checked first (403 for anyone else), then the code.
      guard: asGuard('service', async (request: FastifyRequest) => {
        if (!supportKeyMatches(app.config.supportApiKey, keyOf(request))) throw new AppError('err.forbidden', { httpStatus: 403, code: 403 });
      }),
    },
    async (request, reply) => {
      const identity = await redeemHandoff(app.db, request.body.code, app.clock.now());
      if (!identity) throw new AppError('err.support_code_invalid');
      return reply.ok(identity);
    },
  );
}
