/**
 * Guest heart polls answered in front of Fastify. Every viewer without a session polls
 * `POST /api/Lottery/heart` every 2 s (5 s per home card) and gets the same bytes as every other guest
 * this second, already cached whole (routes/lottery/heart.ts). Fastify's generic request path (its
 * hooks, body parser, schema and reply) costs more than the cached answer itself, so the HTTP server
 * hands such a poll to this shortcut first.
 *
 * The shortcut answers only a poll it can prove ordinary, with exactly the bytes and headers the
 * Fastify route would answer: no session header, a small JSON body of plain ids and a language, a
 * known room or game, sent from this host's own page or no page. Anything else — a session, another content type, a chunked or large body,
 * JSON it does not expect, an unknown room, a server that is closing — goes to Fastify with the body
 * it read (replayed by the route's preParsing hook), so every refusal and error keeps its one code
 * path. It is off only while every poll is logged (LOG_LEVEL debug or trace); at info polls are
 * counted, not logged one by one (http/pollLog.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { numbersAsWritten } from './jsonBody.js';

export const HEART_PATH = '/api/Lottery/heart';

/** A poll's input as the shortcut accepts it (ids as the route reads them: 0 means none). */
export interface GuestPoll {
  planId?: number;
  gameId?: number;
  /** The `lang` the body sent, if any (the route's language rules decide). */
  lang?: string;
}

/** What the heart route gives the shortcut: the cached answer for a guest, or undefined for Fastify to decide. */
export type GuestAnswer = (poll: GuestPoll, acceptLanguage: string | undefined) => Buffer | undefined;

/** The headers of the answer other than content length, for a request (the same as Fastify's hooks set). */
export type AnswerHeaders = (req: IncomingMessage) => string[];

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Larger than any ordinary poll body ({"plan_id":…,"game_id":…,"lang":"zh-TW"} is under 60 bytes). */
const MAX_BODY = 256;
const BODY_KEYS = new Set(['plan_id', 'game_id', 'lang']);
const replays = new WeakMap<IncomingMessage, Buffer>();

const isJson = (type: string | undefined) => type === 'application/json' || type?.toLowerCase() === 'application/json; charset=utf-8';
/** Whether an Origin header names the host the request was sent to (a browser's own-origin POST). */
const isSameHost = (origin: string, host: string | undefined) => host !== undefined && origin.slice(origin.indexOf('//') + 2) === host;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The body as a poll, or undefined when it is anything but a JSON object of ids and a language string. */
export function readPoll(body: Buffer): GuestPoll | undefined {
  let value: unknown;
  const text = body.toString('utf8');
  // A number not written as JavaScript writes it (1e1) is the schema's to refuse, through Fastify (http/jsonBody.ts).
  if (numbersAsWritten(text) !== text) return undefined;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input)) if (!BODY_KEYS.has(key)) return undefined;
  const { plan_id: planId, game_id: gameId, lang } = input;
  if ((planId !== undefined && !isId(planId)) || (gameId !== undefined && !isId(gameId))) return undefined;
  if (lang !== undefined && typeof lang !== 'string') return undefined;
  return { planId: planId || undefined, gameId: gameId || undefined, lang };
}

export class HeartShortcut {
  /** Polls answered here (tests and the bench read it). */
  served = 0;
  #answer: GuestAnswer | undefined;
  #headers: AnswerHeaders | undefined;
  #open = false;

  /** Turns the shortcut on with the route's answers and the answer headers; `open` false keeps it off. */
  start(answer: GuestAnswer, headers: AnswerHeaders, open: boolean): void {
    this.#answer = answer;
    this.#headers = headers;
    this.#open = open;
  }

  /** From now on every request goes to Fastify (which answers 503 while it closes). */
  stop(): void {
    this.#open = false;
  }

  /** Wraps Fastify's request handler (its `serverFactory`). */
  wrap(fastify: Handler): Handler {
    return (req, res) => {
      if (!this.#open || !this.#mayServe(req)) return fastify(req, res);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        if (!this.#serve(req, res, body)) {
          replays.set(req, body);
          fastify(req, res);
        }
      });
    };
  }

  #mayServe(req: IncomingMessage): boolean {
    if (req.method !== 'POST' || req.url !== HEART_PATH) return false;
    const h = req.headers;
    if (h.token !== undefined || h.authorization !== undefined || h['transfer-encoding'] !== undefined || !isJson(h['content-type'])) return false;
    // A poll from another line (API_LINES) needs Fastify's CORS headers.
    if (h.origin !== undefined && !isSameHost(h.origin, h.host)) return false;
    const length = Number(h['content-length']);
    return length > 0 && length <= MAX_BODY;
  }

  #serve(req: IncomingMessage, res: ServerResponse, body: Buffer): boolean {
    if (!this.#open) return false;
    const poll = readPoll(body);
    const acceptLanguage = req.headers['accept-language'];
    const answer = poll && this.#answer!(poll, acceptLanguage);
    if (!answer) return false;
    const headers = this.#headers!(req);
    headers.push('content-length', String(answer.length));
    res.writeHead(200, headers);
    res.end(answer);
    this.served++;
    return true;
  }
}

/**
 * The heart route's preParsing hook: a body the shortcut read and passed on is read again from here
 * (the request's own stream is spent).
 */
export function replayBody(raw: IncomingMessage, payload: Readable): Readable {
  const body = replays.get(raw);
  if (!body) return payload;
  replays.delete(raw);
  const stream = new PassThrough();
  stream.end(body);
  return stream;
}
