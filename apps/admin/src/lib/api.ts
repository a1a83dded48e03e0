import type { AnswerOf, CallRef, InputOf } from '@lucky28/shared/api';
import i18n, { consoleLanguage, textsReady } from './i18n';
import { apiLangOf } from './languages';
import { saveFile } from './saveFile';
import { session } from './session';

/**
 * The console's one API client: a declared call (packages/shared/src/api, `import * as api from
 * '@lucky28/shared/api/refs'`) POSTed as JSON to its path with `lang` and the operator token; the
 * envelope's `data` on code 1, else an ApiError with the server's localised message (and the field
 * it names). HTTP 401 ends the local session (the app shows sign-in).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly field?: string,
    /** The answer's `x-request-id`, for the log line. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let lastFailedId: string | undefined;
/** The `x-request-id` of the last call the server refused or failed: what the error page gives to quote (app/RouteError.tsx). */
export const lastFailedRequestId = () => lastFailedId;
/** Remembers a failed answer's request id (kept when it has none). */
const failed = (res: Response) => {
  lastFailedId = res.headers.get('x-request-id') ?? lastFailedId;
};

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  field?: string;
}

async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const token = session.token();
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify({ lang: apiLangOf(consoleLanguage()), ...body }),
    });
  } catch {
    await textsReady();
    throw new ApiError(i18n.t('error.network'), -1, 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    failed(res);
    await textsReady();
    throw new ApiError(i18n.t('error.http', { status: res.status }), -1, res.status, undefined, res.headers.get('x-request-id') ?? undefined);
  }
  if (envelope.code !== 1) failed(res);
  if (res.status === 401) {
    session.clear();
    throw new ApiError(envelope.msg, 401, 401);
  }
  if (envelope.code !== 1) throw new ApiError(envelope.msg, envelope.code, res.status, envelope.field, res.headers.get('x-request-id') ?? undefined);
  return envelope.data;
}

/** A private file (deposit screenshot, ID picture) as an object URL: it needs the operator's token header. */
export async function privateFileUrl(url: string): Promise<string> {
  const token = session.token();
  const res = await fetch(url, { headers: token ? { token } : {} });
  if (!res.ok) {
    await textsReady();
    throw new ApiError(i18n.t('error.http', { status: res.status }), -1, res.status);
  }
  return URL.createObjectURL(await res.blob());
}

async function postForm<T>(path: string, file: File, fields: Record<string, string>): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ lang: apiLangOf(consoleLanguage()), ...fields })) form.append(k, v);
  form.append('file', file);
  const token = session.token();
  const res = await fetch(path, { method: 'POST', headers: token ? { token } : {}, body: form });
  const envelope = (await res.json()) as Envelope<T>;
  if (res.status === 401) session.clear();
  if (envelope.code !== 1) {
    failed(res);
    throw new ApiError(envelope.msg, envelope.code, res.status, envelope.field, res.headers.get('x-request-id') ?? undefined);
  }
  return envelope.data;
}

/** One declared call (packages/shared/src/api): resolves its answer's `data`. */
export function call<C extends CallRef>(ref: C, input?: InputOf<C>): Promise<AnswerOf<C>> {
  return post<AnswerOf<C>>(ref.path, (input ?? {}) as Record<string, unknown>);
}

/** A declared upload call (banner and article pictures). */
export function upload<C extends CallRef>(ref: C, file: File, fields: Record<string, string> = {}): Promise<AnswerOf<C>> {
  return postForm<AnswerOf<C>>(ref.path, file, fields);
}

/**
 * A declared download call (a list's CSV export): POSTed like `call`, answered with the file, which
 * the browser saves under the name the server gives (Content-Disposition). A refusal is the envelope:
 * an ApiError as `call` throws.
 */
export async function download<C extends CallRef>(ref: C, input?: InputOf<C>, fallbackName = 'export.csv'): Promise<void> {
  const token = session.token();
  let res: Response;
  try {
    res = await fetch(ref.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify({ lang: apiLangOf(consoleLanguage()), ...(input ?? {}) }),
    });
  } catch {
    await textsReady();
    throw new ApiError(i18n.t('error.network'), -1, 0);
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    // Not the file: the envelope of a refusal (or an HTTP error without one).
    failed(res);
    let envelope: Envelope<unknown> | undefined;
    try {
      envelope = (await res.json()) as Envelope<unknown>;
    } catch {
      await textsReady();
      throw new ApiError(i18n.t('error.http', { status: res.status }), -1, res.status, undefined, res.headers.get('x-request-id') ?? undefined);
    }
    if (res.status === 401) session.clear();
    throw new ApiError(envelope.msg, envelope.code, res.status, envelope.field, res.headers.get('x-request-id') ?? undefined);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(name, await res.blob());
}
