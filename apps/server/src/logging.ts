/**
 * What may reach a log line: never a password, security code, token, card number,
 * holder name, ID number or other personal value; never an over-long input. Applied to every line
 * of the server's logger (pino, through Fastify):
 * - request lines keep the path and only the query parameters known to be harmless (the rest show
 *   as `[redacted]`, since any parameter may arrive in the query string);
 * - errors keep their type, code, SQL text and stack, but not the parameters of a failed query
 *   (drizzle puts them in the message), a database error's `detail` (it quotes row values), or the
 *   input a JSON parse error quotes;
 * - any other logged object has the values of sensitive-looking keys redacted, and every string is
 *   truncated to MAX_STRING characters.
 */
import os from 'node:os';
import type { FastifyServerOptions } from 'fastify';

export const MAX_STRING = 300;
export const REDACTED = '[redacted]';

/** Query parameters that carry no secret or personal data (routing, paging, language). */
const HARMLESS_QUERY_PARAMS = new Set([
  'lang',
  'host',
  'game_id',
  'plan_id',
  'issue',
  'page',
  'limit',
  'begin_date',
  'end_date',
  'type',
  'status',
  'id',
  'tab',
]);

/** Keys whose values are never logged, wherever they appear in a logged object. */
const SENSITIVE_KEY = /pass|pwd|secret|token|code|otp|auth|cookie|session|key|acc|card|idcard|truename|real_?name|holder|bank|mark|signature|hash/i;

export function truncate(text: string, max = MAX_STRING): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[${text.length} chars]`;
}

/** A URL with only harmless query values kept, truncated. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return truncate(url, 200);
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = [...params.keys()].map((k) =>
    HARMLESS_QUERY_PARAMS.has(k) ? `${k}=${encodeURIComponent(truncate(params.get(k) ?? '', 40))}` : `${k}=${REDACTED}`,
  );
  return truncate(`${url.slice(0, q)}?${kept.join('&')}`, 300);
}

/** An error's message without the values some libraries put in it. */
function safeMessage(message: string): string {
  return truncate(
    message
      // drizzle: "Failed query: <sql>\nparams: <every value>"
      .replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]')
      // V8's JSON.parse: `Unexpected token 'x', "<the input>"... is not valid JSON`
      .replace(/, "[\s\S]*" is not valid JSON/, ', [input] is not valid JSON')
      .replace(/^"[\s\S]*" is not valid JSON/, '[input] is not valid JSON'),
    500,
  );
}

/** Fields of database driver errors that describe the failure without quoting data. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'table', 'column', 'constraint', 'routine', 'schema', 'dataType'] as const;

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** A loggable copy of an error (and its causes) without the data some of them carry. */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) {
    const message = truncate(typeof err === 'string' ? err : (JSON.stringify(err) ?? String(err)));
    return { type: typeof err, message, stack: '' };
  }
  const e = err as Error & Record<string, unknown>;
  const message = safeMessage(err.message);
  const out: SafeError = { type: err.name || err.constructor?.name || 'Error', message, stack: '' };
  for (const field of SAFE_ERROR_FIELDS) {
    const v = e[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = typeof v === 'string' ? truncate(v, 100) : v;
  }
  // drizzle's DrizzleQueryError: the SQL text has $n placeholders, never values.
  if (typeof e.query === 'string') out.query = truncate(e.query, 1000);
  if (err.stack) {
    // The stack's first line repeats the raw message: swap in the safe one.
    const frames = err.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 15);
    out.stack = [`${out.type}: ${message}`, ...frames].join('\n');
  }
  if (err.cause !== undefined && depth < 3) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** A loggable copy of any value: sensitive keys redacted, strings truncated, depth and width bounded. */
export function safeValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return truncate(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return safeError(value);
  if (value instanceof Date) return value;
  if (depth >= 4) return '[object]';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => safeValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value).slice(0, 50)) {
    out[k] = SENSITIVE_KEY.test(k) && v !== null && v !== undefined && v !== '' ? REDACTED : safeValue(v, depth + 1);
  }
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number };
}

/** Keys the serializers below take care of; formatters.log leaves them to them. */
const SERIALIZED = new Set(['req', 'res', 'err', 'error']);

/** The server's logger options (Fastify passes them to pino); every line names the node (`node`: NODE_NAME or the host name). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream, node = os.hostname()): FastifyServerOptions['logger'] {
  return {
    level,
    base: { pid: process.pid, hostname: os.hostname(), node },
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-support-key"]'],
      censor: REDACTED,
    },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: safeUrl(req.url ?? ''),
        host: truncate(req.host ?? '', 100),
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: (err: unknown) => safeError(err),
      error: (err: unknown) => safeError(err),
      msg: (msg: unknown) => (typeof msg === 'string' ? truncate(msg, 500) : msg),
    },
    formatters: {
      log: (obj: Record<string, unknown>) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(obj)) out[k] = SERIALIZED.has(k) ? v : (safeValue({ [k]: v }) as Record<string, unknown>)[k];
        return out;
      },
    },
  };
}
