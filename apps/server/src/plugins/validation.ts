import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler, FastifyServerOptions, RouteOptions } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { isMessageKey, validate } from '@lucky28/shared';
import { AppError } from '../errors.js';
import { bodyLimitFor } from '../http/bodyLimit.js';
import { guardKindOf, guardRolesOf } from '../http/guards.js';
import type { ApiRoute } from '../http/apiRoute.js';

export type { ApiRoute };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order: method, url, declared schema, access, body limit. */
    apiRoutes: ApiRoute[];
  }
}

/** Bodies of routes whose declared input is unbounded (a bug the route-table test reports). */
const UNBOUNDED_BODY_LIMIT = 16 * 1024;

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * POST parameters may come in the query string too: merged under the body (the body wins).
 * Callback style, not async: it runs on every call, the polls included.
 */
function mergeQueryIntoBody(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  const body = request.body;
  if (body !== undefined && body !== null && !isPlainObject(body)) return done(new AppError('err.bad_request', { field: 'body' }));
  const query = request.query as Record<string, unknown> | undefined;
  request.body = query && Object.keys(query).length ? { ...query, ...body } : { ...body };
  done();
}

/**
 * Input validation, one way everywhere (docs/design.md#quality-bars). A route declares its input on the route with
 * Fastify's `schema` option, as zod schemas from packages/shared (`body` for POST, `querystring`
 * for GET, `params`, `headers`), and its answers with `answers(...)`:
 *
 *   app.withTypeProvider<ZodTypeProvider>().post('/api/x/y', {
 *     preValidation: app.requireUser,
 *     schema: { body: ySchema, response: answers(yData) },
 *   }, async (request, reply) => reply.ok(await doY(request.body)));
 *
 * - POST parameters may arrive as JSON, a form or the query string (docs/design.md#the-api-contract): the query is merged
 *   under the body before validation, so `body` sees them all (the body wins).
 * - The first failure becomes a localised refusal naming the field (`code` 0, `field`); the route's
 *   handler only ever sees parsed, bounded values.
 * - Authentication runs before validation: guards (app.requireUser, requireMember, requireOperator)
 *   belong in `preValidation`; one found in `preHandler` is refused when the route is registered.
 * - Each route's body limit is what its declared input can take (see http/bodyLimit.ts) unless the
 *   route sets `bodyLimit` itself.
 * - With `checkAnswers` (tests), every JSON answer is checked against the route's declared answers.
 */
const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = validate(schema, data ?? {});
    if (!result.ok) {
      const key = isMessageKey(result.error.message) ? result.error.message : 'err.bad_request';
      // A path that names nothing valid names nothing: 404, like a missing object.
      return { error: new AppError(key, { field: result.error.field, httpStatus: httpPart === 'params' ? 404 : 200 }) };
    }
    // Headers are only checked: replacing them with the parsed object would drop the others.
    return httpPart === 'headers' ? {} : { value: result.value };
  };

const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * For `Fastify({ schemaController })`: the compilers above from the start, so Fastify never loads its
 * default ones (Ajv and fast-json-stringify), which no route uses — a fifth of a second off every start.
 */
export const schemaController = {
  compilersFactory: { buildValidator: () => zodValidatorCompiler, buildSerializer: () => jsonSerializerCompiler },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;

export const validationPlugin = fp<{ checkAnswers?: boolean }>(async (app, opts) => {
  app.decorate('apiRoutes', [] as ApiRoute[]);

  // Also set here, though the app gets them at construction (`schemaController`): the plugin works on any
  // Fastify instance (the validation tests register it on a bare one).
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);

  app.addHook('onRoute', (route: RouteOptions) => {
    for (const hook of hooksOf(route.preHandler)) {
      if (guardKindOf(hook)) {
        throw new Error(
          `${String(route.method)} ${route.url}: put the authentication guard in preValidation, not preHandler (it must run before the input schema)`,
        );
      }
    }
    const guards = [...hooksOf(route.onRequest), ...hooksOf(route.preValidation)];
    const guard = guards.map(guardKindOf).find(Boolean);
    const roles = guards.map(guardRolesOf).find(Boolean);
    const body = route.schema?.body as z.ZodType | undefined;
    route.bodyLimit ??= bodyLimitFor(body, UNBOUNDED_BODY_LIMIT);
    // First of the route's own preValidation hooks, before its guards: it sees the raw body. Added
    // only where there is a body to merge into, so other routes pay nothing per request.
    if (body) route.preValidation = [mergeQueryIntoBody, ...hooksOf(route.preValidation)] as RouteOptions['preValidation'];
    for (const method of hooksOf(route.method) as string[]) {
      if (method === 'HEAD') continue;
      const eventStream = Boolean((route.config as { eventStream?: boolean } | undefined)?.eventStream);
      app.apiRoutes.push({
        method,
        url: route.url,
        schema: route.schema,
        access: guard ?? 'public',
        ...(roles ? { roles } : {}),
        bodyLimit: route.bodyLimit,
        eventStream,
      });
    }
  });

  if (opts.checkAnswers) {
    app.addHook('onSend', async (request, reply, payload) => {
      const declared = request.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
      const type = String(reply.getHeader('content-type') ?? '');
      const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
      if (!declared || typeof text !== 'string' || !type.startsWith('application/json')) return payload;
      const status = String(reply.statusCode);
      const schema = declared[status] ?? declared[`${status[0]}xx`];
      const problem = schema ? schema.safeParse(JSON.parse(text)).error?.issues : `no answer declared for HTTP ${status}`;
      if (problem) {
        const message = `${request.method} ${request.routeOptions.url}: the answer does not match its declared schema: ${JSON.stringify(problem).slice(0, 2000)}`;
        console.error(message, text.slice(0, 2000));
        throw new Error(message);
      }
      return payload;
    });
  }
});
