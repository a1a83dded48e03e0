/**
 * How long the HTTP server waits for a client. Fastify leaves Node's request and idle timeouts off,
 * so a request whose body stalls would hold its socket (and, behind it, a handler waiting for the
 * body) forever. Here:
 * - the request line and headers must arrive within `headers` (slowloris);
 * - the whole request, body included, within `request` (a 5 MB upload over a slow mobile link fits);
 * - a socket that moves no byte for `idle` while its request's body is still coming is answered 408;
 * - an idle keep-alive connection is closed after `keepAlive`, longer than a balancer keeps its idle
 *   connections to a node (HAProxy: `timeout server` 60 s), so the balancer, not the node, closes
 *   them and never sends a request on a connection the node is closing.
 * Once a request has arrived, a handler at work is never cut: it answers when it is done (the
 * per-caller limits bound how many there are). An answer nobody reads (no byte moved for `idle`) is
 * cut, except a live event stream (GET /api/Lottery/stream), which stays open however long it lasts:
 * its hub drops a viewer that stops reading (live/streamHub.ts).
 *
 * A deadline missed while a request can still be answered gets the envelope, HTTP 408, in the
 * language of the request's `lang` query parameter or Accept-Language (its body never arrived), and
 * the connection closes.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { translate } from '@lucky28/shared';
import { langFrom } from './envelopeText.js';
import { apiHeaderList } from './securityHeaders.js';
import { requestIdOf } from './requestId.js';

export interface HttpTimeouts {
  /** The request line and headers must arrive within this many ms. */
  headers: number;
  /** The whole request, body included. */
  request: number;
  /** No byte in or out for this long while a body is coming: 408; while an answer is going out: cut. */
  idle: number;
  /** An idle keep-alive connection is closed after this. */
  keepAlive: number;
  /** How often Node checks the `headers` and `request` deadlines (each is met up to this late). */
  checkEvery: number;
}

export const defaultHttpTimeouts: HttpTimeouts = {
  headers: 10_000,
  request: 120_000,
  idle: 30_000,
  keepAlive: 72_000,
  checkEvery: 1_000,
};

/** Each socket's current answer (its request is `res.req`), to tell what a timeout interrupts. */
const ANSWER = Symbol('answer');
type Answered = Socket & { [ANSWER]?: ServerResponse };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A live stream's socket no longer carries an HTTP answer (routes/lottery/stream.ts writes to it itself): forget it. */
export function forgetAnswer(socket: Socket): void {
  (socket as Answered)[ANSWER] = undefined;
}

export interface TimeoutGuard {
  /** Wraps the server's request handler: records each socket's current request. */
  wrap(handler: Handler): Handler;
  /** Sets the timeouts on a server made by Fastify's serverFactory, and what happens when one fires. */
  apply(server: Server): void;
  /** For Fastify's clientErrorHandler: answers a missed header or request deadline; false for any other error. */
  answerClientError(error: NodeJS.ErrnoException, socket: Socket): boolean;
}

/**
 * The timeouts as one piece. `isStream(socket)` tells a live event stream, which no idle timeout cuts.
 */
export function timeoutGuard(timeouts: HttpTimeouts, opts: { trustProxy: boolean; isStream: (socket: Socket) => boolean }): TimeoutGuard {
  /** The 408 envelope, in the request's language when there is a request to read it from. */
  const refusal = (req?: IncomingMessage) => {
    const query = req?.url?.indexOf('?') ?? -1;
    const lang = query >= 0 ? (new URLSearchParams(req!.url!.slice(query + 1)).get('lang') ?? undefined) : undefined;
    const msg = translate(langFrom(lang, req?.headers['accept-language']), 'err.request_timeout');
    return JSON.stringify({ code: 0, msg, time: Math.floor(Date.now() / 1000), data: null });
  };

  /** A request whose body stopped coming: 408 while nothing of its answer is written, else the socket is cut. */
  const refuseStalled = (res: ServerResponse, socket: Socket) => {
    if (res.headersSent) {
      socket.destroy();
      return;
    }
    const body = refusal(res.req);
    const headers = apiHeaderList(res.req, requestIdOf(res.req), opts.trustProxy);
    headers.push('content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(body)), 'connection', 'close');
    res.writeHead(408, headers);
    res.end(body);
  };

  /** A request whose headers never all arrived: 408 in the default language (nothing to read one from), then closed. */
  const refuseHeadless = (socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const body = refusal();
    socket.end(
      `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  };

  return {
    wrap: (handler) => (req, res) => {
      (req.socket as Answered)[ANSWER] = res;
      handler(req, res);
    },

    apply(server) {
      server.headersTimeout = timeouts.headers;
      server.requestTimeout = timeouts.request;
      server.keepAliveTimeout = timeouts.keepAlive;
      // Read when the server starts listening.
      (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = timeouts.checkEvery;
      server.setTimeout(timeouts.idle);
      // With a listener here, Node leaves every socket that times out to it (keep-alive ones too).
      server.on('timeout', (socket: Socket) => {
        const res = (socket as Answered)[ANSWER];
        // The first request's headers begun but not finished: the headers deadline is due too (it is checked
        // only every `checkEvery`, so on a busy node this timer can come first) — the same 408.
        if (!(ANSWER in socket) && socket.bytesRead > 0) return refuseHeadless(socket);
        // Between requests (the keep-alive timeout) or before the first one.
        if (!res || res.writableEnded) return socket.destroy();
        if (!res.req.complete) return refuseStalled(res, socket);
        // A handler at work: its answer comes when it is done.
        if (!res.headersSent) return;
        if (opts.isStream(socket)) return;
        socket.destroy();
      });
    },

    answerClientError(error, socket) {
      if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return false;
      const res = (socket as Answered)[ANSWER];
      if (res && !res.writableEnded) {
        refuseStalled(res, socket);
        return true;
      }
      refuseHeadless(socket);
      return true;
    },
  };
}
