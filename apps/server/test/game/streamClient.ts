/** A Server-Sent Events reader for the stream tests: connects with node:http and collects events. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared/api';
import { onSseFrames } from '../../src/http/sseFrames.js';

export interface StreamEvent {
  event: string;
  data: any;
  at: number;
}

export interface StreamReader {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: StreamEvent[];
  comments: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded: boolean;
  /** Resolves with the first event (from `from` on) that passes `match`, or rejects after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, opts?: { timeoutMs?: number; from?: number }): Promise<StreamEvent>;
  close(): void;
}

export function openStream(url: string, headers: Record<string, string> = {}): Promise<StreamReader> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const waiters = new Set<() => void>();
      const reader: StreamReader = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: 0,
        ended: new Promise((ended) =>
          res.once('end', () => {
            reader.isEnded = true;
            ended();
          }),
        ),
        isEnded: false,
        next(match, opts = {}) {
          const from = opts.from ?? 0;
          return new Promise((ok, fail) => {
            const check = () => {
              const found = reader.events.slice(from).find(match);
              if (!found) return false;
              waiters.delete(check);
              clearTimeout(timer);
              ok(found);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${opts.timeoutMs ?? 5000} ms; got ${reader.events.map((e) => e.event).join(',')}`));
            }, opts.timeoutMs ?? 5000);
            if (!check()) waiters.add(check);
          });
        },
        close: () => req.destroy(),
      };
      onSseFrames(
        res,
        (block) => {
          if (block.startsWith(':')) {
            reader.comments++;
            return;
          }
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          reader.events.push({ event, data: data ? JSON.parse(data) : null, at: Date.now() });
        },
        () => {
          for (const w of [...waiters]) w();
        },
      );
      resolve(reader);
    });
    req.on('error', reject);
  });
}

/**
 * `node` listening on a free port, and `streamOf(query)` opening its live stream; `closeAll` closes every
 * stream opened (the stream and chat tests' node B).
 */
export async function listenForStreams(node: FastifyInstance) {
  await node.listen({ port: 0, host: '127.0.0.1' });
  const port = (node.server.address() as AddressInfo).port;
  const readers: StreamReader[] = [];
  return {
    streamOf: async (query: string, headers: Record<string, string> = {}) => {
      const reader = await openStream(`http://127.0.0.1:${port}${api.lottery.stream.path}${query}`, headers);
      readers.push(reader);
      return reader;
    },
    closeAll: () => {
      for (const r of readers) r.close();
    },
  };
}
