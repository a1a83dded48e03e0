/**
 * Graceful shutdown of a node (SIGTERM; deploy/README.md "rolling restart"), in this order:
 *
 * 1. draining: `/readyz` answers 503, so the load balancer's health check takes the node out
 *    (deploy/haproxy.cfg: within about 1.3 s; SHUTDOWN_DRAIN_MS is 3 s), while every request still arriving is served as usual;
 *    each answer now closes its connection, so no keep-alive connection outlives the drain;
 * 2. after `waitMs` (SHUTDOWN_DRAIN_MS, the balancer has stopped sending new work here): the app closes —
 *    no new connection is accepted, the live streams are told to reconnect (an SSE `retry:` hint, then
 *    the end of the stream: the client reconnects through the balancer to another node), the round
 *    scheduler stops after the draw it may be settling, requests in flight (bets) finish and commit,
 *    and only then are the database and Redis closed.
 */
import type http from 'node:http';
import type { FastifyInstance } from 'fastify';

export class Drain {
  private since: number | undefined;

  /** True once the node has been asked to stop: readiness fails, answers close their connections. */
  get draining(): boolean {
    return this.since !== undefined;
  }

  start(now = Date.now()): void {
    this.since ??= now;
  }

  /** Answers given while draining close their connection (before any request listener writes a head). */
  watch(server: http.Server): void {
    server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
      if (this.draining) res.shouldKeepAlive = false;
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drains the node (above) and closes the app; resolves when every connection and the database are closed. */
export async function drainAndClose(app: FastifyInstance, opts: { waitMs: number; signal: string }): Promise<void> {
  const started = Date.now();
  app.drain.start(started);
  app.log.info({ signal: opts.signal, waitMs: opts.waitMs }, 'draining: /readyz answers 503 so the load balancer takes this node out');
  if (opts.waitMs > 0) await sleep(opts.waitMs);
  app.log.info('closing: no new connections, live streams told to reconnect, waiting for requests in flight');
  // Connections that go idle after close() began (answered outside Fastify, e.g. the heart shortcut) are
  // closed as they go idle; close() itself only closes those idle at its start.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
  app.log.info({ ms: Date.now() - started }, 'closed: requests in flight finished, database and Redis closed');
}
