/**
 * The operator's other lines (API_LINES, /changeline): a player app loaded from one line may call the
 * API at another, so each configured line's origin may call this one across origins (CORS), and
 * nothing else may. The session travels in the `token` header, never a cookie, so no credentials mode.
 * Preflights are answered here, before any route, limit or guard.
 */
import fp from 'fastify-plugin';

const ALLOW_HEADERS = 'accept, content-type, token, idempotency-key';
const EXPOSE_HEADERS = 'retry-after, x-request-id';

export const lineOriginsPlugin = fp<{ lines: readonly string[] }>(async (app, opts) => {
  if (opts.lines.length === 0) return;
  const allowed = new Set(opts.lines);
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    if (request.method !== 'OPTIONS') return done();
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', ALLOW_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });
});
