/**
 * The live-stream bench's load generator (a child process of bench/stream.ts, never the server's):
 * opens VIEWERS Server-Sent Events connections to STREAM_URL, like as many idle players' browsers,
 * and reports over IPC when every one has its first state ('ready'); `{ type: 'open', count }` opens
 * more. For every bet the parent announces ({ marker, sentAt }) it reports how long the bet took to
 * reach each viewer (the bet's stake is its marker, found in the pushed frame without parsing it), and
 * for every round drawn (the heart frame whose `last_issue` is that round) when it reached each viewer;
 * the same for every chat message it announces ({ type: 'chat', marker, sentAt }: the message's text is
 * its marker, found in the pushed `chat` frame), reported apart (`chat`).
 * A connection that fails is tried again (up to 3 times, after 1 s), as a browser would; one refused
 * with 503 (a node at its cap) is counted as refused, not tried again.
 *
 * Each viewer is a plain TCP socket that sends the GET and reads the answer's bytes (the stream is
 * `connection: close` with no chunk framing): no HTTP parser, no text decoding, lines found by byte
 * search. Thousands of viewers in one process read every push; on a host of two cores whatever CPU they
 * spend is taken from the server being measured.
 */
import net from 'node:net';

const url = new URL(process.env.STREAM_URL ?? 'http://127.0.0.1:8360/api/Lottery/stream');
let viewers = Number(process.env.VIEWERS ?? 5000);
const send = (msg: unknown) => process.send?.(msg);

/** Marker (the bet's stake, "10.07") → when the parent sent the bet. */
const sentAt = new Map<string, number>();
/** Marker → arrival times at the viewers (ms since epoch). */
const arrivals = new Map<string, number[]>();
/** Markers seen before the parent's announcement reached us. */
const early = new Map<string, number[]>();
/** Markers announced as chat messages (their arrivals are reported apart from the bets'). */
const chatMarkers = new Set<string>();
/** Drawn round → arrival times of the heart frame showing it (first per viewer). */
const draws = new Map<string, number[]>();
let ready = 0;
let failed = 0;
let refused = 0;
let retried = 0;
let closed = 0;
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

const QUANTITY = Buffer.from('"quantity":"');
const TEXT = Buffer.from('"text":"');
const LAST_ISSUE = Buffer.from('"last_issue":{"issue":"');
const EVENT = Buffer.from('event: ');
const HEAD_END = Buffer.from('\r\n\r\n');
const NEWLINE = 10;
const QUOTE = 34;

const settled = () => ready + failed + refused;
const tell = () => {
  if (settled() === viewers) send({ type: 'ready', ready, failed, refused, retried });
};

interface ViewerState {
  started: boolean;
  lastIssue?: string;
  /** The event of the frame being read: its data lines are read as that kind. */
  event: 'heart' | 'bets' | 'chat' | 'other';
}

/** The text from `from` up to the next double quote (a marker or an issue: a few ASCII bytes). */
const quoted = (line: Buffer, from: number) => {
  const end = line.indexOf(QUOTE, from);
  return line.toString('latin1', from, end < 0 ? line.length : end);
};

/** One complete line of the stream (without its newline). */
function onLine(line: Buffer, state: ViewerState): void {
  if (line.length === 0) return;
  if (line.indexOf(EVENT) === 0) {
    const name = line.toString('latin1', EVENT.length);
    state.event = name === 'heart' || name === 'bets' || name === 'chat' ? name : 'other';
    return;
  }
  if (state.event === 'heart') {
    const at = line.indexOf(LAST_ISSUE);
    const drawn = at < 0 ? undefined : quoted(line, at + LAST_ISSUE.length);
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
  } else if (state.event === 'chat') {
    const at = line.indexOf(TEXT);
    if (at >= 0) record(quoted(line, at + TEXT.length), Date.now());
  } else if (state.event === 'bets') {
    const at = Date.now();
    for (let i = line.indexOf(QUANTITY); i >= 0; i = line.indexOf(QUANTITY, i + QUANTITY.length)) {
      record(quoted(line, i + QUANTITY.length), at);
    }
  }
}

function connect(attempt = 0, address = nextAddress()): void {
  let answered = false;
  const retry = () => {
    if (attempt < 3) {
      retried++;
      setTimeout(() => connect(attempt + 1, address), 1000);
      return;
    }
    failed++;
    tell();
  };
  const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: address });
  socket.on('connect', () => socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\naccept: text/event-stream\r\n\r\n`));
  const state: ViewerState = { started: false, event: 'other' };
  /** Bytes not yet read: the answer's head until it is complete, then the last line's start. */
  let pending: Buffer | undefined;
  let streaming = false;
  socket.on('data', (chunk: Buffer) => {
    let bytes = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = undefined;
    if (!streaming) {
      const end = bytes.indexOf(HEAD_END);
      if (end < 0) {
        pending = bytes;
        return;
      }
      answered = true;
      const head = bytes.toString('latin1', 0, end);
      if (!head.startsWith('HTTP/1.1 200')) {
        socket.destroy();
        if (head.startsWith('HTTP/1.1 503') && /\r\nretry-after:/i.test(head)) {
          refused++;
          tell();
        } else retry();
        return;
      }
      streaming = true;
      bytes = bytes.subarray(end + HEAD_END.length);
    }
    let from = 0;
    for (let nl = bytes.indexOf(NEWLINE); nl >= 0; nl = bytes.indexOf(NEWLINE, from)) {
      onLine(bytes.subarray(from, nl), state);
      from = nl + 1;
    }
    if (from < bytes.length) pending = bytes.subarray(from);
  });
  // An error is followed by 'close': a connection that ends before its answer's head is tried again.
  socket.on('error', () => {});
  socket.on('close', () => {
    if (streaming) closed++;
    else if (!answered) retry();
  });
}

process.on('message', (msg: { type: string; marker?: string; sentAt?: number; count?: number }) => {
  if (msg.type === 'open') {
    viewers += msg.count!;
    batch();
  } else if (msg.type === 'bet' || msg.type === 'chat') {
    if (msg.type === 'chat') chatMarkers.add(msg.marker!);
    sentAt.set(msg.marker!, msg.sentAt!);
    const before = early.get(msg.marker!);
    if (before) {
      arrivals.set(msg.marker!, before);
      early.delete(msg.marker!);
    }
  } else if (msg.type === 'report') {
    const drawn: Record<string, number[]> = Object.fromEntries(draws);
    send({ type: 'report', ...delivery((m) => !chatMarkers.has(m)), chat: delivery((m) => chatMarkers.has(m)), closed, ready, failed, drawn });
  } else if (msg.type === 'exit') {
    process.exit(0);
  }
});

/** How the announced markers chosen by `which` reached the viewers. */
function delivery(which: (marker: string) => boolean) {
  const latencies: number[] = [];
  /** Per marker: first viewer reached, last viewer reached (ms after sending). */
  const spans: Record<string, [number, number]> = {};
  let missing = 0;
  for (const [marker, at] of sentAt) {
    if (!which(marker)) continue;
    const seen = arrivals.get(marker) ?? [];
    missing += Math.max(0, ready - seen.length);
    for (const t of seen) latencies.push(t - at);
    if (seen.length > 0) spans[marker] = [Math.min(...seen) - at, Math.max(...seen) - at];
  }
  return { latencies, spans, missing };
}

// Open the connections in batches, so the server's accept queue is not the thing measured.
let opened = 0;
const batch = () => {
  for (let i = 0; i < 100 && opened < viewers; i++, opened++) connect();
  if (opened < viewers) setTimeout(batch, 20);
};
batch();
