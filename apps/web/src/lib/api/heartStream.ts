/**
 * The live push of `Lottery/heart` (docs/design.md#real-time-and-scale): `GET /api/Lottery/stream` as Server-Sent Events —
 * `heart` (a whole heart answer), `bets` (a room's new bets, its round and counter) and `presence`
 * (`robot_num`). `runHeartStream` keeps one stream open, reporting whether it is live; on any failure
 * (refused, cut, silent for longer than the server's heartbeat) it reports not live, so the screen
 * polls the heart as the spec says, and tries the stream again later, less often each time — or, when the
 * server said when (the SSE `retry:` field a closing node sends before it ends its streams, or the
 * `Retry-After` of a refusal: a node at its cap of live viewers answers 503), after that.
 * Loaded on demand (hooks/useHeartStream.ts), so the parser is not part of the first screen; the
 * events are folded into the cached answers by heartEvents.ts.
 */
import { createParser } from 'eventsource-parser';
import { lottery } from '@lucky28/shared/api/refs';
import { openEventStream } from './client';

export const STREAM_PATH = lottery.stream.path;
/** The server comments every 15 s: a stream silent for this long is dead. */
export const STREAM_SILENCE_MS = 40_000;
export const STREAM_RETRY_MS = 5_000;
/** After a closing node's hint, the first failed reconnection is tried again after this, then doubling. */
export const STREAM_RETRY_AFTER_HINT_MS = 1_000;
export const STREAM_RETRY_MAX_MS = 60_000;

export interface HeartStreamHandlers {
  onEvent(event: string, data: unknown): void;
  onLive(live: boolean): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Keeps the stream for `params` open until the returned function is called. */
export function runHeartStream(params: { plan_id?: number; game_id?: number }, handlers: HeartStreamHandlers): () => void {
  const stopper = new AbortController();
  let delay = STREAM_RETRY_MS;

  /**
   * Runs one stream to its end: the server's `retry:` hint (ms) when it sent one, or the `Retry-After`
   * (ms) of a refusal.
   */
  async function once(): Promise<{ hint?: number; refusedFor?: number }> {
    const controller = new AbortController();
    const abort = () => controller.abort();
    stopper.signal.addEventListener('abort', abort);
    let silence: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(silence);
      silence = setTimeout(abort, STREAM_SILENCE_MS);
    };
    let live = false;
    let retry: number | undefined;
    try {
      arm();
      const res = await openEventStream(STREAM_PATH, params, controller.signal);
      if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        await res.body?.cancel().catch(() => {});
        const after = Number(res.headers.get('retry-after') ?? NaN);
        return !res.ok && Number.isFinite(after) && after >= 0 ? { refusedFor: after * 1000 } : {};
      }
      const parser = createParser({
        onRetry: (ms) => (retry = ms),
        onEvent: (message) => {
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            return;
          }
          if (message.event === 'heart' && !live) {
            live = true;
            delay = STREAM_RETRY_MS;
            handlers.onLive(true);
          }
          handlers.onEvent(message.event ?? 'message', data);
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        arm();
        parser.feed(value);
      }
    } catch {
      // Refused, cut or silent: polling takes over.
    } finally {
      clearTimeout(silence);
      stopper.signal.removeEventListener('abort', abort);
      if (live) handlers.onLive(false);
    }
    return { hint: retry };
  }

  void (async () => {
    while (!stopper.signal.aborted) {
      const { hint: hinted, refusedFor } = await once();
      if (stopper.signal.aborted) break;
      if (refusedFor !== undefined) {
        // Refused, and told when to come back (a full node: 503; too many streams from here: 429). The
        // screen polls meanwhile; the back-off stays as it was for a failure after that.
        await sleep(Math.min(refusedFor, STREAM_RETRY_MAX_MS), stopper.signal);
        continue;
      }
      if (hinted !== undefined) {
        // The node is going away and said when to come back: another node answers then.
        await sleep(Math.min(hinted, STREAM_RETRY_MAX_MS), stopper.signal);
        // Another node should answer now; should it not, try again soon (then less often), not after 5 s.
        delay = STREAM_RETRY_AFTER_HINT_MS;
        continue;
      }
      await sleep(delay, stopper.signal);
      delay = Math.min(delay * 2, STREAM_RETRY_MAX_MS);
    }
  })();
  return () => stopper.abort();
}
