import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeLang, translate, type ApiLang, type MessageKey } from '@lucky28/shared';
import { AppError } from '../errors.js';
import { JSON_TYPE, langFrom, now, okEnvelopeJson } from '../http/envelopeText.js';
import { isDatabaseUnavailable } from '../db/failures.js';

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
    /** Sends a whole success answer already serialised and encoded (okEnvelopeJson's bytes, kept by a cache). */
    okBytes(answer: Buffer): FastifyReply;
  }
}

/** The err.* key each refused answer was sent with (the metrics count refused bets by it). */
const refusals = new WeakMap<FastifyReply, MessageKey>();
export const refusalOf = (reply: FastifyReply): MessageKey | undefined => refusals.get(reply);

/** The Retry-After of a request refused because the database is away (a restart takes a few seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function langOf(request: FastifyRequest): ApiLang {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return langFrom((body && typeof body === 'object' ? body.lang : undefined) ?? query?.lang, request.headers['accept-language']);
}

/**
 * The API envelope (docs/design.md#the-api-contract), the request's language, and the single error handler: user-facing
 * failures become a localised `msg`; a database that cannot be reached becomes HTTP 503 with
 * Retry-After; anything unexpected becomes HTTP 500 with a generic message and the request id, and
 * the details go only to the log.
 */
export const envelopePlugin = fp(async (app) => {
  app.decorateRequest('lang', 'tw');
  app.decorateRequest('langSettled', false);
  // Before the route's guards and schema: the parsed input no longer carries `lang`.
  app.addHook('preValidation', (request, _reply, done) => {
    request.lang = langOf(request);
    request.langSettled = true;
    done();
  });

  app.decorateReply('ok', function (this: FastifyReply, data: unknown = null, msgKey: MessageKey = 'msg.ok') {
    const lang = this.request.lang ?? 'tw';
    return this.send({ code: 1, msg: translate(lang, msgKey), time: now(), data });
  });

  app.decorateReply('okJson', function (this: FastifyReply, dataJson: string) {
    return this.type(JSON_TYPE).send(okEnvelopeJson(this.request.lang ?? 'tw', dataJson));
  });

  app.decorateReply('okBytes', function (this: FastifyReply, answer: Buffer) {
    return this.type(JSON_TYPE).send(answer);
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
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, unreachable, out of connections): nothing is wrong with the
      // request, and the same request may succeed in a moment. Not a 500: the client is told when to retry.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return refuse(request, reply, 'err.service_unavailable', { status: 503 });
    }
    request.log.error({ err: error }, 'unexpected failure');
    refusals.set(reply, 'err.server_error');
    return reply.status(500).send({
      code: 0,
      msg: translate(request.langSettled ? request.lang : langOf(request), 'err.server_error'),
      time: now(),
      data: null,
      request_id: request.id,
    });
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
  refusals.set(reply, key);
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
  return reply.status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({
    code: 0,
    msg: translate(lang, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'err.not_found' : 'err.bad_request'),
    time: now(),
    data: null,
    field: 'url',
  });
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before Fastify sees it (a URL
 * or headers beyond Node's 16 kB, a malformed request line) still answers the envelope, in the
 * default language (the request's own was never read), and the connection closes.
 */
export function clientErrorAnswer(error: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_URI_TOO_LONG' ? 414 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 414 ? 'URI Too Long' : 'Bad Request';
  const body = JSON.stringify({ code: 0, msg: translate(normalizeLang(undefined), 'err.bad_request'), time: now(), data: null, field: 'url' });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
