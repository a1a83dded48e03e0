/**
 * The headers on every answer. Security headers on all of them — the API, the player app at / and
 * the operator console at /admin/ alike, including their SPA fallback and 404s:
 * - Content-Security-Policy: scripts only from our own origin (no inline script, no eval), no
 *   plugins, never framed; styles may be inline (index.html's boot splash, antd's runtime styles);
 * - X-Frame-Options: DENY, and helmet's other defaults (nosniff, no referrer, same-origin opener and
 *   resource policies, …);
 * - Strict-Transport-Security only when the client really came over https, which we can only know
 *   behind a proxy we trust (TRUST_PROXY: X-Forwarded-Proto).
 * The header values come from `helmet` (a well-kept library), computed ONCE at start: the policies
 * are static, so each request only copies a prepared object (polling endpoints stay cheap).
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import helmet, { strictTransportSecurity } from 'helmet';

/** The Content-Security-Policy of every page we serve. */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: for inline SVG icons, blob: for pictures previewed before upload.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

type Middleware = (req: never, res: never, next: (err?: unknown) => void) => void;

/** The headers a connect-style helmet middleware sets, collected once from a stand-in response. */
function headersSetBy(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as never, res as never, (err) => {
    if (err) throw err;
  });
  return headers;
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  headersSetBy(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // Sent per request below, only over https.
      strictTransportSecurity: false,
    }) as Middleware,
  ),
);

export const HSTS_HEADER = headersSetBy(strictTransportSecurity({ maxAge: 365 * 24 * 3600, includeSubDomains: true }) as Middleware)[
  'strict-transport-security'
]!;

/** The API's answers are never cached: they are personal or live (a route may set its own). */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...SECURITY_HEADERS, 'cache-control': 'no-store' });

/**
 * Whether the client came over https: the last X-Forwarded-Proto entry when the proxy is trusted
 * (as Fastify's `request.protocol` reads it), else the socket's own encryption.
 */
export function cameOverHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  const forwarded = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
  if (typeof forwarded === 'string' && forwarded) return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
  return Boolean((req.socket as TLSSocket | undefined)?.encrypted);
}

const API_HEADER_LIST: readonly string[] = Object.entries(API_HEADERS).flat();

/**
 * An API answer's headers as a flat name/value list (for `writeHead`), the same as the hook below
 * sets: for an answer written outside Fastify (http/heartShortcut.ts). `requestId` is the request's.
 */
export function apiHeaderList(req: IncomingMessage, requestId: string, trustProxy: boolean): string[] {
  const list = [...API_HEADER_LIST, 'x-request-id', requestId];
  if (cameOverHttps(req, trustProxy)) list.push('strict-transport-security', HSTS_HEADER);
  return list;
}
