/**
 * Polls are counted, not logged one by one. A room polls Lottery/heart every 2 s per viewer (and the
 * app refreshes a few lists while something is pending); at the default level (`info`) a line per
 * poll would be most of the log and tell nothing. So Fastify's request lines ("incoming request",
 * "request completed") are not written for the calls below unless the request failed (an error, or an
 * HTTP status ≥ 500); instead each node writes one `polls answered` line a minute with the count per
 * call, including the guests' heart polls the HTTP server answered before Fastify
 * (http/heartShortcut.ts). At `debug` and `trace` every request is logged, polls included (and the
 * shortcut is off: routes/lottery/heart.ts).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LogController } from 'fastify';
import { api } from '@lucky28/shared';

/** The calls polled: by the apps (the heart; the hall, draws and pending orders while shown) and the load balancer's health checks. */
export const POLLED_PATHS: ReadonlySet<string> = new Set([
  '/healthz',
  '/readyz',
  api.lottery.heart.path,
  api.lottery.index.path,
  api.lottery.cand.path,
  api.user.orderList.path,
  api.user.orderDetail.path,
  api.fair.round.path,
]);

export const POLL_SUMMARY_MS = 60_000;

/** Fastify's request logging, with polls counted instead of logged (see above). */
export class PollCountingLogController extends LogController {
  /** Polls answered since the last summary, per call path. */
  readonly counts = new Map<string, number>();
  /** Whether every request is logged, polls included (the logger's level is debug or lower). */
  logEveryPoll = false;

  #isPoll(request: FastifyRequest): boolean {
    return !this.logEveryPoll && POLLED_PATHS.has(request.routeOptions.url ?? '');
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.#isPoll(request)) return;
    super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && reply.statusCode < 500 && this.#isPoll(request)) {
      const path = request.routeOptions.url!;
      this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
      return;
    }
    super.requestCompleted(error, request, reply);
  }

  /**
   * Writes the `polls answered` line of the polls counted since the last one (`fromMemory`: guests'
   * heart polls the shortcut answered meanwhile) and starts counting again; nothing when there were none.
   */
  writeSummary(log: FastifyBaseLogger, fromMemory: number, seconds: number): void {
    const polls = Object.fromEntries(this.counts);
    this.counts.clear();
    const total = Object.values(polls).reduce((s, n) => s + n, 0) + fromMemory;
    if (total === 0) return;
    log.info({ polls, heartFromMemory: fromMemory, total, seconds }, 'polls answered');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the `polls answered` line now (also done every POLL_SUMMARY_MS). */
    writePollSummary(): void;
  }
}

/** Turns the controller to the app's log level and writes its summary every POLL_SUMMARY_MS while the app runs. */
export function summarisePolls(app: FastifyInstance, controller: PollCountingLogController, everyMs = POLL_SUMMARY_MS): void {
  controller.logEveryPoll = (app.log as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled?.('debug') ?? false;
  let timer: NodeJS.Timeout | undefined;
  let served = 0;
  let since = Date.now();
  const summary = () => {
    const now = app.heartShortcut.served;
    const at = Date.now();
    controller.writeSummary(app.log, now - served, Math.round((at - since) / 1000));
    served = now;
    since = at;
  };
  app.decorate('writePollSummary', summary);
  app.addHook('onReady', async () => {
    timer = setInterval(summary, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
