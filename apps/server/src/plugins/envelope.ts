import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeLang, translate, type ApiLang, type MessageKey } from '@lucky28/shared';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language for messages: `lang` from the body or query, default tw. */
    lang: ApiLang;
  }
  interface FastifyReply {
    /** Answers `{ code: 1, msg, time, data }`. */
    ok(data?: unknown, msgKey?: MessageKey): FastifyReply;
    /** Like `ok`, with `data` already serialised (a hot path that caches its JSON). */
    okJson(dataJson: string): FastifyReply;
  }
}

const now = () => Math.floor(Date.now() / 1000);

function langOf(request: FastifyRequest): ApiLang {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const fromParams = (body && typeof body === 'object' ? body.lang : undefined) ?? query?.lang;
  if (fromParams !== undefined) return normalizeLang(fromParams);
  const header = request.headers['accept-language'];
  return normalizeLang(typeof header === 'string' ? header.split(',')[0]?.trim() : undefined);
}

/**
 * The API envelope (DESIGN §3), the request's language, and the single error handler: user-facing
 * failures become a localised `msg`; anything unexpected becomes HTTP 500 with a generic message and
 * the request id, and the details go only to the log.
 */
export const envelopePlugin = fp(async (app) => {
  app.decorateRequest('lang', 'tw');
  app.addHook('preHandler', async (request) => {
    request.lang = langOf(request);
  });

  app.decorateReply('ok', function (this: FastifyReply, data: unknown = null, msgKey: MessageKey = 'msg.ok') {
    const lang = this.request.lang ?? 'tw';
    return this.send({ code: 1, msg: translate(lang, msgKey), time: now(), data });
  });

  app.decorateReply('okJson', function (this: FastifyReply, dataJson: string) {
    const msg = JSON.stringify(translate(this.request.lang ?? 'tw', 'msg.ok'));
    return this.type('application/json; charset=utf-8').send(`{"code":1,"msg":${msg},"time":${now()},"data":${dataJson}}`);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // The preHandler may not have run (e.g. a body parse error): work the language out here too.
    const lang = langOf(request);
    if (error instanceof AppError) {
      const { params, field, httpStatus = 200, code = 0 } = error.options;
      return reply.status(httpStatus).send({
        code,
        msg: translate(lang, error.key, params),
        time: now(),
        data: null,
        ...(field ? { field } : {}),
      });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return reply.status(429).send({ code: 0, msg: translate(lang, 'err.rate_limited'), time: now(), data: null });
    }
    if (status && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return reply.status(status).send({ code: 0, msg: translate(lang, 'err.bad_request'), time: now(), data: null });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply
      .status(500)
      .send({ code: 0, msg: translate(lang, 'err.server_error'), time: now(), data: null, request_id: request.id });
  });
});
