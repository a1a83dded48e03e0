import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeLang, translate, type ApiLang, type MessageKey } from '@lucky28/shared';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language for messages: `lang` from the body or query, default tw. */
    lang: ApiLang;
    /** Whether `lang` has been worked out (before validation, which drops `lang` from the parsed input). */
    langSettled: boolean;
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
  app.decorateRequest('langSettled', false);
  // Before the route's guards and schema: the parsed input no longer carries `lang`.
  app.addHook('preValidation', async (request) => {
    request.lang = langOf(request);
    request.langSettled = true;
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
    if (error instanceof AppError) {
      const { params, field, httpStatus = 200, code = 0 } = error.options;
      return refuse(request, reply, error.key, { status: httpStatus, code, field, params });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) return refuse(request, reply, 'err.rate_limited', { status });
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals of a malformed request (unreadable body, wrong content type, too large…).
      request.log.info({ err: error }, 'bad request');
      const code = (error as FastifyError).code ?? '';
      const key = status === 413 ? 'err.body_too_large' : 'err.bad_request';
      return refuse(request, reply, key, { status, field: code.startsWith('FST_ERR_CTP_') || status === 413 || status === 415 ? 'body' : undefined });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply
      .status(500)
      .send({ code: 0, msg: translate(request.langSettled ? request.lang : langOf(request), 'err.server_error'), time: now(), data: null, request_id: request.id });
  });
});

/**
 * Sends a refusal envelope `{ code: 0, msg, time, data: null, field? }` in the request's language.
 * The language is worked out here: the refusal may come before the preHandler that sets it (an
 * unreadable body, a failed guard or schema).
 */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  key: MessageKey,
  opts: { status?: number; code?: number; field?: string; params?: Record<string, string | number> } = {},
) {
  const { status = 200, code = 0, field, params } = opts;
  const lang = request.langSettled ? request.lang : langOf(request);
  return reply.status(status).send({ code, msg: translate(lang, key, params), time: now(), data: null, ...(field ? { field } : {}) });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded or a path parameter beyond the router's
 * limit is answered in the envelope too, never with Fastify's own error body.
 */
export function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'bad request');
  const header = request.headers['accept-language'];
  const lang = normalizeLang(typeof header === 'string' ? header.split(',')[0]?.trim() : undefined);
  return reply
    .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
    .send({ code: 0, msg: translate(lang, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'err.not_found' : 'err.bad_request'), time: now(), data: null, field: 'url' });
}
