/**
 * The shape of the API contract: one declaration per call (path, input schema, answer schema, who
 * may call it, whether it takes an Idempotency-Key). The server registers its routes from these
 * declarations, the apps' clients are typed from them, the fuzz suite and the API reference read them.
 */
import type { z } from 'zod';
import type { Access } from '../access.js';

export type Method = 'GET' | 'POST';

/**
 * - `json`: input in the body (POST) or the query string (GET); answers the envelope `{code, msg, time, data}`.
 * - `upload`: a multipart form (its fields are the input) with one file; answers the envelope.
 * - `stream`: Server-Sent Events whose frames are the answer; input in the query string.
 * - `file`: answered as it is, not in the envelope (a stored file's bytes, the OpenAPI document); the
 *   input is the path's parameters.
 * - `download`: input as for `json` (a POST's body); answered with a file's bytes as an attachment (a CSV
 *   export), not in the envelope; a refusal is the envelope.
 */
export type CallKind = 'json' | 'upload' | 'stream' | 'file' | 'download';

/**
 * What a client needs to make a call, without its schemas (so no zod reaches a browser bundle that
 * does not validate): the input and answer types ride along as types only.
 */
export interface CallRef<In = unknown, Out = unknown> {
  /** `group.call`, e.g. `lottery.playOrder`. */
  readonly name: string;
  readonly method: Method;
  readonly path: string;
  readonly kind: CallKind;
  readonly access: Access;
  /** The call takes an `Idempotency-Key` header: a retry with the same key is applied once. */
  readonly idempotent: boolean;
  /** Types only; never set at run time. */
  readonly types?: { readonly input: In; readonly answer: Out };
}

/** A call with its schemas: what the server registers and the API reference documents. */
export interface ApiCall<
  I extends z.ZodType = z.ZodType,
  A extends z.ZodType = z.ZodType,
  M extends Method = Method,
  K extends CallKind = CallKind,
> extends CallRef<z.input<I>, z.output<A>> {
  readonly method: M;
  readonly kind: K;
  /** A line on what the call does, for the API reference. */
  readonly summary: string;
  /** Body (POST), query string (GET, stream) or path parameters (file). */
  readonly input: I;
  /** The envelope's `data` (json, upload), a stream frame (stream); for a file, what it answers (never checked). */
  readonly answer: A;
  /**
   * The envelope's `msg` when it carries an object instead of the localised text: the spec's clients
   * read some answers from `msg`.
   */
  readonly answerMsg?: z.ZodType;
}

/** What a client sends (before the server's parsing) and what it gets back in `data`. */
export type InputOf<C> = C extends CallRef<infer In, unknown> ? In : never;
export type AnswerOf<C> = C extends CallRef<unknown, infer Out> ? Out : never;

type CallSpec<I extends z.ZodType, A extends z.ZodType, M extends Method, K extends CallKind> = Omit<
  ApiCall<I, A, M, K>,
  'name' | 'types' | 'idempotent' | 'kind'
> & { idempotent?: boolean; kind?: K };

/** One call's declaration; its `name` is given by the group it is declared in (`defineApi`). */
export function defineCall<I extends z.ZodType, A extends z.ZodType, M extends Method, K extends CallKind = 'json'>(
  spec: CallSpec<I, A, M, K>,
): ApiCall<I, A, M, K> {
  return { name: '', idempotent: false, kind: 'json' as K, ...spec };
}

export type ApiGroups = Record<string, Record<string, ApiCall>>;

/** The contract: groups of calls, each call named `group.call`. */
export function defineApi<T extends ApiGroups>(groups: T): T {
  for (const [group, calls] of Object.entries(groups)) {
    for (const [key, call] of Object.entries(calls)) (call as { name: string }).name = `${group}.${key}`;
  }
  return groups;
}

/** Every call of a contract, in declaration order. */
export const callsOf = (groups: ApiGroups): ApiCall[] => Object.values(groups).flatMap((calls) => Object.values(calls));

/** A call as clients hold it: without its schemas and summary. */
export type RefOf<C> = CallRef<InputOf<C>, AnswerOf<C>>;

/** What the generated client modules (src/api/refs/) hold for a call. */
export function refOf(call: CallRef): CallRef {
  const { name, method, path, kind, access, idempotent } = call;
  return { name, method, path, kind, access, idempotent };
}

/** A call's address with its path parameters filled in (`/api/common/file/:name` → `/api/common/file/<name>`). */
export const pathOf = (call: Pick<CallRef, 'path'>, params: Record<string, string>): string =>
  call.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
