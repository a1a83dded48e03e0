/**
 * The live-stream bench's load generator (a child process of bench/stream.ts, never the server's):
 * opens VIEWERS Server-Sent Events connections to STREAM_URL, like as many idle players' browsers,
 * and reports over IPC when every one has its first state ('ready'); `{ type: 'open', count }` opens
 * more. For every bet the parent announces ({ marker, sentAt }) it reports how long the bet took to
 * reach each viewer (the bet's stake is its marker, found in the pushed frame without parsing it), and
 * for every round drawn (the heart frame whose `last_issue` is that round) when it reached each viewer.
 * A connection that fails is tried again (up to 3 times, after 1 s), as a browser would; one refused
 * with 503 (a node at its cap) is counted as refused, not tried again.
 */
import http from 'node:http';
import { onSseFrames } from '../src/http/sseFrames.js';

const url = new URL(process.env.STREAM_URL ?? 'http://127.0.0.1:8360/api/Lottery/stream');
let viewers = Number(process.env.VIEWERS ?? 5000);
const send = (msg: unknown) => process.send?.(msg);

/** Marker (the bet's stake, "10.07") → when the parent sent the bet. */
const sentAt = new Map<string, number>();
/** Marker → arrival times at the viewers (ms since epoch). */
const arrivals = new Map<string, number[]>();
/** Markers seen before the parent's announcement reached us. */
const early = new Map<string, number[]>();
/** Drawn round → arrival times of the heart frame showing it (first per viewer). */
const draws = new Map<string, number[]>();
let ready = 0;
let failed = 0;
let refused = 0;
let retried = 0;
let closed = 0;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
/**
 * Each viewer connects from its own loopback address (127.<20 + GENERATOR>.x.y; Linux routes all of
 * 127/8 to the loopback interface), as players' browsers come from their own: the server caps live
 * streams per address.
 */
const generator = Number(process.env.GENERATOR ?? 0);
let connected = 0;
const nextAddress = () => {
  const n = connected++;
  return `127.${20 + generator}.${(n >> 8) & 255}.${n & 255 || 1}`;
};

function record(marker: string, at: number): void {
  const into = sentAt.has(marker) ? arrivals : early;
  let list = into.get(marker);
  if (!list) into.set(marker, (list = []));
  list.push(at);
}

const MARKER = /"quantity":"(\d+\.\d\d)"/g;
const LAST_ISSUE = /"last_issue":\{"issue":"(\d+)"/;

const settled = () => ready + failed + refused;
const tell = () => {
  if (settled() === viewers) send({ type: 'ready', ready, failed, refused, retried });
};

function onFrame(frame: string, state: { started: boolean; lastIssue?: string }): void {
  if (frame.startsWith('event: heart')) {
    const drawn = LAST_ISSUE.exec(frame)?.[1];
    if (!state.started) {
      state.started = true;
      state.lastIssue = drawn;
      ready++;
      tell();
    } else if (drawn !== undefined && drawn !== state.lastIssue) {
      state.lastIssue = drawn;
      let list = draws.get(drawn);
      if (!list) draws.set(drawn, (list = []));
      list.push(Date.now());
    }
    return;
  }
  if (!frame.startsWith('event: bets')) return;
  const at = Date.now();
  for (const m of frame.matchAll(MARKER)) record(m[1]!, at);
}

function connect(attempt = 0, address = nextAddress()): void {
  const retry = () => {
    if (attempt < 3) {
      retried++;
      setTimeout(() => connect(attempt + 1, address), 1000);
      return;
    }
    failed++;
    tell();
  };
  const req = http.get(url, { agent, localAddress: address, headers: { accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) {
      res.resume();
      if (res.statusCode === 503 && res.headers['retry-after']) {
        refused++;
        tell();
      } else retry();
      return;
    }
    const state: { started: boolean; lastIssue?: string } = { started: false };
    onSseFrames(res, (block) => onFrame(block, state));
    res.on('close', () => closed++);
    res.on('error', () => {});
  });
  req.on('error', retry);
}

process.on('message', (msg: { type: string; marker?: string; sentAt?: number; count?: number }) => {
  if (msg.type === 'open') {
    viewers += msg.count!;
    batch();
  } else if (msg.type === 'bet') {
    sentAt.set(msg.marker!, msg.sentAt!);
    const before = early.get(msg.marker!);
    if (before) {
      arrivals.set(msg.marker!, before);
      early.delete(msg.marker!);
    }
  } else if (msg.type === 'report') {
    const latencies: number[] = [];
    /** Per bet (marker): first viewer reached, last viewer reached (ms after sending). */
    const spans: Record<string, [number, number]> = {};
    let missing = 0;
    for (const [marker, at] of sentAt) {
      const seen = arrivals.get(marker) ?? [];
      missing += Math.max(0, ready - seen.length);
      for (const t of seen) latencies.push(t - at);
      if (seen.length > 0) spans[marker] = [Math.min(...seen) - at, Math.max(...seen) - at];
    }
    const drawn: Record<string, number[]> = Object.fromEntries(draws);
    send({ type: 'report', latencies, spans, missing, closed, ready, failed, drawn });
  } else if (msg.type === 'exit') {
    process.exit(0);
  }
});

// Open the connections in batches, so the server's accept queue is not the thing measured.
let opened = 0;
const batch = () => {
  for (let i = 0; i < 100 && opened < viewers; i++, opened++) connect();
  if (opened < viewers) setTimeout(batch, 20);
};
batch();
