/**
 * The one API client (docs/design.md#the-api-contract, docs/product.md#the-calls, #error-handling).
 *
 * - POST JSON (GET with a query string for the calls declared GET; multipart for uploads), `lang`
 *   and `host` added to every call, the session token in the `token` header.
 * - Envelope `{ code, msg, time, data }`: code 1 resolves; anything else (200 too, which docs/product.md#error-handling also
 *   accepts: our server never sends it, so only another service's answer could carry it — docs/spec-differences.md,
 *   "Kept, with the reason") rejects with an `ApiError` carrying the server's `msg`.
 * - Calls go to the line chosen on /changeline (`getBase`, an origin; '' = this page's own).
 * - HTTP 401: the request rejects and the unauthorized handler (session cleared, /login) runs.
 * - 7 s timeout (uploads: 60 s); on a timeout only, up to 6 retries 2 s apart — never for an upload
 *   (a picture is cheap to choose again, a duplicate upload is not). Other network failures reject at once.
 * - HTTP 503 (the database is briefly away: a failover, a restart; docs/operations.md): a call that is
 *   safe to send again — a GET, or one carrying an Idempotency-Key, which the server applies once — is
 *   sent again up to 3 times, 1 s, 2 s, then 4 s later (never longer than the answer's Retry-After).
 *   Any other call rejects with the server's localised message at once.
 */
import type { AnswerOf, CallRef, InputOf } from '@lucky28/shared/api';

export interface Envelope<T> {
  code: number;
  msg: string;
  time: number;
  data: T;
  field?: string;
}

export type ApiErrorKind = 'business' | 'unauthorized' | 'timeout' | 'network' | 'http';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly code: number | null = null,
    readonly status: number | null = null,
    readonly field?: string,
    /** The answer's `x-request-id`: what a player quotes so the operator finds the log line. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  data?: Record<string, unknown>;
  /**
   * A multipart form (uploads) sent instead of JSON, with `lang` and `host` added; `lang` rides in the
   * query too, so a refusal before the form is read still speaks the user's language.
   */
  form?: FormData;
  /** Sent as the `Idempotency-Key` header: a retried money call is applied once (invariant I4, docs/design.md#the-invariants). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Sent to this page's own origin whatever the line (the list of lines must load even when a line is down). */
  ownOrigin?: boolean;
}

export interface ClientEnvironment {
  getToken(): string | null;
  getLang(): string;
  getHost(): string;
  /** The chosen line's origin, '' for this page's own. */
  getBase(): string;
  /** Called on HTTP 401 after the request rejects: clear the session and go to /login. */
  onUnauthorized(): void;
  /** Localised texts for failures that have no server message. */
  message(kind: 'timeout' | 'network' | 'http'): string;
  fetch: typeof fetch;
  timeoutMs: number;
  uploadTimeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** Retries of an idempotent call answered 503, and the first wait (doubled each time). */
  unavailableRetries: number;
  unavailableDelayMs: number;
}

const env: ClientEnvironment = {
  getToken: () => null,
  getLang: () => 'tw',
  getHost: () => (typeof window === 'undefined' ? '' : window.location.host),
  getBase: () => '',
  onUnauthorized: () => {},
  message: (kind) => (kind === 'timeout' ? 'Request timed out' : 'Network error'),
  fetch: (...args) => globalThis.fetch(...args),
  timeoutMs: 7000,
  uploadTimeoutMs: 60_000,
  retries: 6,
  retryDelayMs: 2000,
  unavailableRetries: 3,
  unavailableDelayMs: 1000,
};

export function configureApiClient(patch: Partial<ClientEnvironment>): void {
  Object.assign(env, patch);
}

let lastFailedId: string | undefined;
/** The `x-request-id` of the last call the server refused or failed: what the error page gives to quote (RouteError.tsx). */
export const lastFailedRequestId = () => lastFailedId;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function buildRequest(to: string, opts: RequestOptions): { url: string; init: RequestInit } {
  const path = (opts.ownOrigin ? '' : env.getBase()) + to;
  const method = opts.form ? 'POST' : (opts.method ?? 'POST');
  const params: Record<string, unknown> = { ...opts.data, lang: env.getLang(), host: env.getHost() };
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = env.getToken();
  if (token) headers.token = token;
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  if (opts.form) {
    // No content-type: the browser writes the multipart boundary.
    for (const key of ['lang', 'host'] as const) if (!opts.form.has(key)) opts.form.append(key, String(params[key]));
    return { url: `${path}?lang=${encodeURIComponent(String(params.lang))}`, init: { method, headers, body: opts.form } };
  }
  if (method === 'GET') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) query.set(k, String(v));
    return { url: `${path}?${query.toString()}`, init: { method, headers } };
  }
  headers['content-type'] = 'application/json';
  return { url: path, init: { method, headers, body: JSON.stringify(params) } };
}

/** One attempt with its own timeout. Resolves the raw Response or rejects with an ApiError. */
async function attempt(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort();
  outer?.addEventListener('abort', forward);
  try {
    return await env.fetch(url, { ...init, signal: controller.signal });
  } catch (err) {
    if (timedOut) throw new ApiError(env.message('timeout'), 'timeout');
    if (outer?.aborted) throw err;
    throw new ApiError(env.message('network'), 'network');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}

/** Sends the request, again after a timeout (`env.retries`), answering the first Response. */
async function respond(url: string, init: RequestInit, opts: RequestOptions): Promise<Response> {
  const retries = opts.form ? 0 : env.retries;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt(url, init, opts.form ? env.uploadTimeoutMs : env.timeoutMs, opts.signal);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'timeout' && tries < retries && !opts.signal?.aborted) {
        await sleep(env.retryDelayMs);
        continue;
      }
      throw err;
    }
  }
}

/** How long to wait before sending again after the `tries`-th 503: doubling, at most the Retry-After. */
function unavailableDelay(response: Response, tries: number): number {
  const backoff = env.unavailableDelayMs * 2 ** tries;
  const retryAfter = Number(response.headers?.get('retry-after'));
  return Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(backoff, retryAfter * 1000) : backoff;
}

/** Sends a call and answers the whole envelope (screens that show the server's success text use `msg`). */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const { url, init } = buildRequest(path, opts);
  const idempotent = !opts.form && (init.method === 'GET' || Boolean(opts.idempotencyKey));
  let response = await respond(url, init, opts);
  for (let tries = 0; response.status === 503 && idempotent && tries < env.unavailableRetries && !opts.signal?.aborted; tries++) {
    await sleep(unavailableDelay(response, tries));
    response = await respond(url, init, opts);
  }

  let body: Envelope<T> | null = null;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    body = null;
  }

  const requestId = response.headers?.get('x-request-id') ?? undefined;
  if (body?.code !== 1 && requestId) lastFailedId = requestId;
  if (response.status === 401 || body?.code === 401) {
    const error = new ApiError(body?.msg || env.message('http'), 'unauthorized', body?.code ?? 401, response.status);
    env.onUnauthorized();
    throw error;
  }
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    throw new ApiError(env.message('http'), 'http', null, response.status, undefined, requestId);
  }
  if (body.code === 1) return body;
  throw new ApiError(body.msg || env.message('http'), 'business', body.code, response.status, body.field, requestId);
}

export const apiPost = async <T>(path: string, data?: Record<string, unknown>, opts: Omit<RequestOptions, 'data' | 'method'> = {}) =>
  (await request<T>(path, { ...opts, method: 'POST', data })).data;

type CallOptions = Omit<RequestOptions, 'data' | 'method' | 'form'>;

/** One declared call (packages/shared/src/api): resolves its answer's `data`. */
export async function call<C extends CallRef>(ref: C, input?: InputOf<C>, opts: CallOptions = {}): Promise<AnswerOf<C>> {
  return (await send(ref, input, opts)).data;
}

/** One declared call, resolving the whole envelope (for its localised `msg`). */
export function send<C extends CallRef>(ref: C, input?: InputOf<C>, opts: CallOptions = {}): Promise<Envelope<AnswerOf<C>>> {
  return request<AnswerOf<C>>(ref.path, { ...opts, method: ref.method, data: input as Record<string, unknown> | undefined });
}

/** A declared upload call: `fields`, then `file`; the same envelope, 401 handling and errors as every call. */
export async function upload<C extends CallRef>(
  ref: C,
  file: File,
  fields: Record<string, string> = {},
  opts: Pick<RequestOptions, 'signal'> = {},
): Promise<AnswerOf<C>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name);
  return (await request<AnswerOf<C>>(ref.path, { ...opts, form })).data;
}

export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Opens a Server-Sent Events stream: GET `path` with `data`, `lang` and `host` in the query and the
 * session token in its header (which the browser's EventSource cannot send). Resolves the response
 * once its headers arrive; no timeout and no retry here — the stream's reader decides.
 */
export function openEventStream(path: string, data: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
  const { url, init } = buildRequest(path, { method: 'GET', data });
  return env.fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), accept: 'text/event-stream' }, signal });
}
