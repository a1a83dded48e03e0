/**
 * The bench's load generator, its own process (never the server's event loop): autocannon, driven
 * by a JSON job file given as the only argument, answering one JSON line on stdout.
 *
 * Job: { url, path, method, body, headers, connections, seconds, rate?, tokens?, countCodes? }
 * - rate: requests per second offered in total (autocannon's overallRate); unset = as fast as answered.
 * - tokens: session tokens used in turn, one per request (many players over few connections).
 * - countCodes: parse each answer's envelope and count `code` 1 and each refusal's `msg`.
 * - idempotencyKeys: send a fresh Idempotency-Key with each request, as the player app does.
 * Answer: { requests, seconds, perSecond, latency: { p50, p90, p99, max, mean } (ms), non2xx, errors, timeouts, accepted, refused }
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
let next = 0;
let accepted = 0;
const refused = {};

const request = {
  method: job.method ?? 'POST',
  path: job.path,
  body: job.body,
  headers: { 'content-type': 'application/json', ...job.headers },
};
if (job.tokens?.length || job.idempotencyKeys) {
  const tokens = job.tokens ?? [];
  request.setupRequest = (req) => {
    const n = next++;
    const headers = { ...req.headers };
    if (tokens.length) headers.token = tokens[n % tokens.length];
    if (job.idempotencyKeys) headers['idempotency-key'] = `bench-${process.pid}-${n}`;
    return { ...req, headers };
  };
}
if (job.countCodes) {
  request.onResponse = (status, body) => {
    try {
      const answer = JSON.parse(body);
      if (answer.code === 1) accepted++;
      else refused[answer.msg] = (refused[answer.msg] ?? 0) + 1;
    } catch {
      refused[`HTTP ${status}, unreadable answer`] = (refused[`HTTP ${status}, unreadable answer`] ?? 0) + 1;
    }
  };
}

const started = performance.now();
const result = await autocannon({
  url: job.url,
  connections: job.connections ?? 32,
  duration: job.seconds ?? 5,
  ...(job.rate ? { overallRate: job.rate } : {}),
  requests: [request],
  timeout: 10,
});
const seconds = (performance.now() - started) / 1000;
const total = result.requests.total;
process.stdout.write(
  JSON.stringify({
    requests: total,
    seconds,
    perSecond: total / result.duration,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.average },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    accepted,
    refused,
  }) + '\n',
);
