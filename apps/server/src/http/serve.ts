import type {
  ContextConfigDefault,
  FastifyInstance,
  onSendHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeaders, type Access, type ApiCall } from '@lucky28/shared';
import { answers } from './answers.js';
import type { Guard } from './guards.js';

/** Where a call's input arrives: the path (files), the query string (GET, streams) or the body. */
type InputPart<C extends ApiCall> = C['kind'] extends 'file' ? 'params' : C['method'] extends 'GET' ? 'querystring' : 'body';

/** A file (or a download) is answered as it is: no envelope to declare (or check); its refusals are envelopes. */
type AnswerPart<C extends ApiCall> = C['kind'] extends 'file' | 'download' ? { response?: never } : { response: ReturnType<typeof answers<C['answer']>> };

export type RouteSchemaOf<C extends ApiCall> = { [P in InputPart<C>]: C['input'] } & AnswerPart<C> & {
    headers?: typeof idempotencyHeaders;
    consumes?: string[];
  };

export type CallHandler<C extends ApiCall> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<C>,
  ZodTypeProvider
>;

export interface ServeOptions extends Omit<RouteShorthandOptions, 'schema' | 'preValidation'> {
  /**
   * The authentication check, when not the one the contract's access names (e.g. a player guard that
   * may answer from a recent session). It must be of the same kind and roles: the route table is
   * checked against the contract when the app starts.
   */
  guard?: Guard;
  /** Hooks after the guard, before the input is checked. */
  preValidation?: Guard[];
  /**
   * The call commits a write of the player's (a bet, a withdrawal, a claim…): before it is answered,
   * the player's sessions keep the commit's position, so the replicas serve the player's history
   * only once they have it (db/replicaReads.ts). Nothing is kept without a read pool.
   */
  commitsPlayerWrite?: boolean;
}

/**
 * Before the answer goes out (the next read may follow at once): the position of the write just committed.
 * Not after a failed request (4xx, 5xx: nothing was committed) — least of all after a 503 because the
 * database is away, where this statement would fail too. The hook never changes the answer: a failure
 * here (the database left between the commit and the answer) is logged, and the answer stands — an error
 * thrown from an onSend hook would reach the client as a bare 500 instead of the envelope.
 */
function recordPlayerCommit(app: FastifyInstance): onSendHookHandler {
  return async (request, reply) => {
    if (!request.user || !app.replicaReads.hasReplica || reply.statusCode >= 400) return;
    try {
      await app.sessions.recordCommit(request.user.userId);
    } catch (err) {
      request.log.warn({ err }, 'commit position not recorded: the next history read may come from a replica without this write');
    }
  };
}

/** The guard the contract's access names; `service` calls bring their own (a shared key). */
export function guardFor(app: FastifyInstance, access: Access): Guard | undefined {
  switch (access.who) {
    case 'public':
      return undefined;
    case 'player':
      return app.requireUser;
    case 'member':
      return app.requireMember;
    case 'operator':
      return access.roles ? app.requireOperator(...access.roles.filter((r) => r !== 'admin')) : app.requireOperatorSession;
    case 'service':
      throw new Error('a service call names its guard (serve(…, { guard }))');
  }
}

/** The route schema of a call: its input where the call takes it, its answers, its headers. */
export function routeSchemaOf<C extends ApiCall>(call: C): RouteSchemaOf<C> {
  const part = call.kind === 'file' ? 'params' : call.method === 'GET' ? 'querystring' : 'body';
  return {
    [part]: call.input,
    ...(call.kind === 'file' || call.kind === 'download' ? {} : { response: answers(call.answer, call.answerMsg ? { msg: call.answerMsg } : {}) }),
    ...(call.idempotent ? { headers: idempotencyHeaders } : {}),
    ...(call.kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
  } as RouteSchemaOf<C>;
}

/**
 * Registers the route of one declared call: its method, path, schemas and guard all come from the
 * contract (packages/shared/src/api); the route adds only its handler and HTTP options.
 */
export function serve<C extends ApiCall>(app: FastifyInstance, call: C, options: ServeOptions, handler: CallHandler<C>): void {
  const { guard = guardFor(app, call.access), preValidation = [], commitsPlayerWrite, ...rest } = options;
  const hooks = [...(guard ? [guard] : []), ...preValidation];
  app.withTypeProvider<ZodTypeProvider>().route({
    ...rest,
    method: call.method,
    url: call.path,
    schema: routeSchemaOf(call),
    ...(hooks.length ? { preValidation: hooks } : {}),
    ...(commitsPlayerWrite ? { onSend: recordPlayerCommit(app) } : {}),
    handler,
  } as Parameters<FastifyInstance['route']>[0]);
}
