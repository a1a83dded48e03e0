/**
 * Viewers of the live streams through HAProxy for the rolling restart (rollingRestart.ts), each behaving
 * like the player app's stream reader (apps/web/src/lib/api/heartStream.ts): when its stream ends after a
 * `retry:` hint (a draining node), it reconnects after that many milliseconds; when it is refused with a
 * `Retry-After` (a node at its cap of viewers: 503, HAProxy having found no other), after that many
 * seconds, its back-off left as it was; when it ends without either or cannot open, after the app's usual
 * 5 s — 1 s (then 2, 4…) when it is reconnecting after a hint. A viewer is back once its new stream has
 * pushed its first `heart`; the time from the end of the old stream to that moment is what the check
 * measures.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The app's wait after a stream ends without a hint (STREAM_RETRY_MS in heartStream.ts). */
const APP_RETRY_MS = 5000;
/** STREAM_RETRY_AFTER_HINT_MS in heartStream.ts. */
const APP_RETRY_AFTER_HINT_MS = 1000;
/** STREAM_RETRY_MAX_MS in heartStream.ts: the longest the app waits, whatever it was told. */
const APP_RETRY_MAX_MS = 60_000;
export const REJOIN_BUDGET_MS = 5000;
const RETRY_FIELD = Buffer.from('\nretry: ');
const HEART_EVENT = Buffer.from('event: heart\n');

interface Viewer {
  address: string;
  query: string;
  req?: http.ClientRequest;
  live: boolean;
  /** When the current stream ended (null while one is live). */
  endedAt: number | null;
  /** The app's wait before the next attempt when this one fails (after a hint: 1 s, doubling to 5 s). */
  backoff: number;
}

export class LiveViewers {
  private viewers: Viewer[] = [];
  private closed = false;
  private gaps: number[] = [];
  private ends = 0;
  /** Streams refused (503 + Retry-After from a full or closing node, or any other non-200). */
  private refusals = 0;
  /** This process's own event-loop delay: a late viewer seen while it is high was late here, not on the node. */
  private ownLag = monitorEventLoopDelay({ resolution: 20 });

  constructor(
    private lbPort: number,
    private gameId: number,
    private planId: number,
  ) {}

  get size(): number {
    return this.viewers.length;
  }

  /** Opens `n` streams (rooms, games and the home cards mixed), each from an address of its own; resolves when all are live. */
  async open(n: number): Promise<void> {
    this.ownLag.enable();
    const queries = [`?plan_id=${this.planId}&game_id=${this.gameId}`, `?game_id=${this.gameId}`, ''];
    for (let i = 0; i < n; i++) {
      this.viewers.push({
        address: `10.29.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        query: queries[i % 3]!,
        live: false,
        endedAt: null,
        backoff: APP_RETRY_MS,
      });
    }
    for (let i = 0; i < n; i += 50) {
      await Promise.all(this.viewers.slice(i, i + 50).map((v) => this.connect(v)));
    }
    const deadline = Date.now() + 20_000;
    while (this.viewers.some((v) => !v.live) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const waiting = this.viewers.filter((v) => !v.live).length;
    if (waiting > 0) throw new Error(`${waiting} of ${n} viewers could not open a live stream`);
  }

  private connect(viewer: Viewer): Promise<void> {
    return new Promise((resolve) => {
      let retry: number | undefined;
      let refusedFor: number | undefined;
      let settled = false;
      const ended = () => {
        if (settled) return;
        settled = true;
        if (viewer.live) this.ends++;
        viewer.live = false;
        viewer.endedAt ??= Date.now();
        resolve();
        let wait = viewer.backoff;
        if (refusedFor !== undefined) wait = Math.min(refusedFor, APP_RETRY_MAX_MS);
        else if (retry !== undefined) {
          wait = retry;
          viewer.backoff = APP_RETRY_AFTER_HINT_MS;
        } else viewer.backoff = Math.min(viewer.backoff * 2, APP_RETRY_MS);
        if (!this.closed) setTimeout(() => void this.connect(viewer), wait);
      };
      const req = http.get(
        `http://127.0.0.1:${this.lbPort}/api/Lottery/stream${viewer.query}`,
        { agent: false, headers: { 'x-forwarded-for': viewer.address, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            const after = Number(res.headers['retry-after'] ?? NaN);
            if (Number.isFinite(after) && after >= 0) refusedFor = after * 1000;
            this.refusals++;
            res.resume();
            return ended();
          }
          // A thousand viewers in this one process receive every bet of the room: the bytes are searched, not
          // decoded into frames, so that the load generator's own lag does not count as the node's.
          let tail: Buffer = Buffer.alloc(0);
          res.on('data', (chunk: Buffer) => {
            const seen = tail.length ? Buffer.concat([tail, chunk]) : chunk;
            tail = seen.subarray(Math.max(0, seen.length - 24));
            const hintAt = seen.indexOf(RETRY_FIELD);
            if (hintAt >= 0) {
              const hint = /^retry: (\d+)\n/.exec(seen.subarray(hintAt + 1, hintAt + 24).toString('latin1'));
              if (hint) retry = Number(hint[1]);
            }
            if (!viewer.live && seen.indexOf(HEART_EVENT) >= 0) {
              viewer.live = true;
              viewer.backoff = APP_RETRY_MS;
              if (viewer.endedAt !== null) this.gaps.push(Date.now() - viewer.endedAt);
              viewer.endedAt = null;
              resolve();
            }
          });
          res.on('close', ended);
          res.on('error', () => {});
        },
      );
      viewer.req = req;
      req.on('error', ended);
    });
  }

  /** Waits (up to the budget and a little) for viewers still between two streams. */
  async settle(): Promise<void> {
    const deadline = Date.now() + REJOIN_BUDGET_MS + 2000;
    while (this.viewers.some((v) => !v.live) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }

  close(): void {
    this.closed = true;
    this.ownLag.disable();
    for (const v of this.viewers) v.req?.destroy();
  }

  figures() {
    const sorted = [...this.gaps].sort((a, b) => a - b);
    return {
      viewers: this.viewers.length,
      ended: this.ends,
      refused: this.refusals,
      rejoined: sorted.length,
      maxMs: sorted.at(-1) ?? 0,
      p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      late: sorted.filter((ms) => ms > REJOIN_BUDGET_MS).length,
      notBack: this.viewers.filter((v) => !v.live && v.endedAt !== null).length,
      loadGeneratorLagP99Ms: Math.round(this.ownLag.percentile(99) / 1e6),
      loadGeneratorLagMaxMs: Math.round(this.ownLag.max / 1e6),
    };
  }
}
