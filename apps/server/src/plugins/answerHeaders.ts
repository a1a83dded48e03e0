import fp from 'fastify-plugin';
import { API_HEADERS, cameOverHttps, HSTS_HEADER, SECURITY_HEADERS } from '../http/securityHeaders.js';
/**
 * The pages' headers with the operator's other lines (API_LINES) allowed as places the app may call and
 * load pictures from: a line is this same site at another address (a campaign's banner may name one).
 */
function withLines(headers: Readonly<Record<string, string>>, lines: readonly string[]): Readonly<Record<string, string>> {
  if (lines.length === 0) return headers;
  const csp = headers['content-security-policy']!.replace("connect-src 'self'", `connect-src 'self' ${lines.join(' ')}`).replace(
    "img-src 'self'",
    `img-src 'self' ${lines.join(' ')}`,
  );
  return Object.freeze({ ...headers, 'content-security-policy': csp });
}

/**
 * The headers every answer carries, set in one onRequest hook (the polls are the hottest path, and
 * each hook stage costs them): the security headers (http/securityHeaders.ts), HSTS over https, `cache-control:
 * no-store` on the API, and the request id (`x-request-id`, for a user's report to find the log line).
 */
export const answerHeadersPlugin = fp<{ trustProxy: boolean; lines?: readonly string[] }>(async (app, opts) => {
  const pageHeaders = withLines(SECURITY_HEADERS, opts.lines ?? []);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_HEADERS : pageHeaders);
    reply.header('x-request-id', request.id);
    if (cameOverHttps(request.raw, opts.trustProxy)) reply.header('strict-transport-security', HSTS_HEADER);
    done();
  });
});
