import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

/**
 * A request's id (`x-request-id` on the answer and on its log lines): the caller's own when it sent
 * a sane one (a proxy's, to follow a request across hops), otherwise a new UUID.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}
