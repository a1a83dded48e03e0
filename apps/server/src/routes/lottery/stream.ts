import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { api } from '@lucky28/shared';
import { SHOWN_CACHE_MS } from '../../domain/accounts/sessions.js';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { forgetAnswer } from '../../http/timeouts.js';
import { StreamHub, type StreamTopic } from '../../live/streamHub.js';
import type { HeartView } from '../../live/heartView.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a never-ending event stream (callers that inject every route skip it). */
    eventStream?: boolean;
  }
}

/**
 * `GET /api/Lottery/stream` — Server-Sent Events for the home cards (no parameters), a game
 * (`game_id`) or a room (`plan_id`): the live push of what Lottery/heart answers (streamHub.ts).
 * The session token, when sent in the `token` header (fetch-based clients), personalises a room's
 * stream like the heart: own bets with their balance after, the balance, and presence, until that
 * session ends (signed out, frozen, …: the stream ends, and a reconnection with the token is a guest's).
 * Bad input is refused with the usual envelope before the stream starts; clients fall back to polling the heart.
 *
 * A node holds at most `config.streamMaxViewers` streams (STREAM_MAX_VIEWERS): one more is refused at
 * once with HTTP 503 and Retry-After, before any other work (a load balancer sends it to another node;
 * the app polls the heart meanwhile and tries the stream again after the delay). Counted from the
 * request's arrival to its connection's end, so a burst of viewers arriving together cannot pass it.
 */

/** Seconds a viewer refused by a full node waits before trying again: 10–20, spread so they do not return together. */
export const FULL_RETRY_AFTER_MIN_S = 10;
const FULL_RETRY_AFTER_SPREAD_S = 10;
export default async function streamRoutes(app: FastifyInstance, opts: { view: HeartView }) {
  const engine = app.game;
  const hub = new StreamHub(engine, opts.view, (ids, now) => app.sessions.stillValid(ids, now));
  // The room chat's messages, this node's and the other nodes' (live/chat.ts).
  const offChat = app.chatRelay.on((line) => hub.pushChat(line));
  // A room's changed state and a player's changed mute (docs/chat.md#live-room-state).
  const offState = app.chatRelay.onState((e) => (e.type === 'chat_room' ? hub.pushRoomState(e.room) : hub.pushMute(e.userId, e.mute)));
  app.addHook('preClose', async () => {
    offChat();
    offState();
    hub.close();
  });
  app.metrics.onScrape(() => app.metrics.liveStreamViewers.set(hub.size));

  const max = app.config.streamMaxViewers;
  /** Stream requests from their arrival until their connection ends (open, opening, or being refused). */
  let held = 0;
  const admit: onRequestHookHandler = (_request, reply, done) => {
    if (held >= max) {
      reply.header('retry-after', String(FULL_RETRY_AFTER_MIN_S + Math.floor(Math.random() * (FULL_RETRY_AFTER_SPREAD_S + 1))));
      return done(new AppError('err.stream_full', { httpStatus: 503 }));
    }
    held++;
    reply.raw.once('close', () => held--);
    done();
  };

  serve(app, api.lottery.stream, { config: { eventStream: true }, onRequest: admit }, async (request, reply) => {
    const gameId = request.query.game_id || undefined;
    const planId = request.query.plan_id || undefined;
    let topic: StreamTopic = { kind: 'home' };
    if (planId !== undefined) {
      const room = engine.snapshot.rooms.get(planId);
      if (!room || (gameId !== undefined && room.gameId !== gameId)) throw new AppError('err.room_not_found', { field: 'plan_id' });
      if (!room.enabled || engine.snapshot.games.get(room.gameId)?.enabled === false) throw new AppError('err.product_discontinued', { field: 'plan_id' });
      topic = { kind: 'room', gameId: room.gameId, roomId: room.id };
    } else if (gameId !== undefined) {
      if (!engine.snapshot.games.has(gameId)) throw new AppError('err.game_not_found', { field: 'game_id' });
      topic = { kind: 'game', gameId };
    }
    const user =
      topic.kind === 'room' && (request.headers.token || request.headers.authorization) ? await app.optionalUser(request, { cachedFor: SHOWN_CACHE_MS }) : null;

    reply.hijack();
    const res = reply.raw;
    const socket = res.socket;
    if (!socket || socket.destroyed) return;
    releaseFromFastify(res);
    // Read by nothing once the stream is open: the request's headers are not kept for its whole life.
    const req = res.req;
    req.headers = {};
    req.rawHeaders = [];
    releaseResponse(res, socket);
    // A stream is never cut for being idle (the hub drops a viewer that stops reading): no timer per socket.
    socket.setTimeout(0);
    socket.setNoDelay(true);
    // The head written on the socket as one string, never kept (see streamHead).
    socket.write(streamHead(reply.getHeaders()));
    try {
      await hub.add({ socket, lang: request.lang, userId: user?.userId ?? null, ...(user ? { sessionId: user.sessionId } : {}), topic });
    } catch (err) {
      request.log.warn({ err }, 'opening a live stream failed');
      socket.end();
    }
  });
}

/**
 * The stream's HTTP head and first comment, written by the route on the socket itself rather than
 * through the ServerResponse: Node keeps a response's head as the string it was concatenated from (one
 * piece per header line, ~2 kB per viewer for as long as the stream lasts), and frames its body in
 * chunks (a chunk header and trailer around every frame). The body ends with the connection
 * (`connection: close`), so each frame is written to the socket as it is, the same Buffer for every
 * viewer. The headers are the answer's so far (security headers, no-store, request id:
 * http/securityHeaders.ts; values are the server's own, a request id only if sane: http/requestId.ts).
 */
export function streamHead(headers: Record<string, unknown>): string {
  let head = `HTTP/1.1 200 OK\r\ndate: ${new Date().toUTCString()}\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-type' || name === 'content-length' || name === 'connection' || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const text = String(v);
      if (!/[\r\n]/.test(text)) head += `${name}: ${text}\r\n`;
    }
  }
  // nginx and similar proxies must pass events on at once.
  return `${head}content-type: text/event-stream; charset=utf-8\r\nx-accel-buffering: no\r\nconnection: close\r\n\r\n: lucky28\n\n`;
}

/**
 * The stream writes to its socket only: the ServerResponse is let go too (Node would keep it on the
 * socket until it ends). What waits for its close — the count of streams held, the per-address stream
 * count (plugins/callerLimits.ts) — now waits for the socket's.
 */
function releaseResponse(res: ServerResponse, socket: Socket): void {
  for (const listener of res.listeners('close')) socket.once('close', listener as () => void);
  res.removeAllListeners('close');
  res.detachSocket(socket);
  forgetAnswer(socket);
}

/**
 * Fastify keeps a request's Request and Reply (its headers, query, logger) until the answer finishes,
 * through its listeners on the response: a stream's answer never finishes, so they would live as long
 * as the stream. Once hijacked, nothing of them is needed: those listeners go.
 */
function releaseFromFastify(res: ServerResponse): void {
  for (const event of ['finish', 'error'] as const) {
    for (const listener of res.listeners(event))
      if ((listener as { name?: string }).name === 'onResFinished') res.removeListener(event, listener as () => void);
  }
}
