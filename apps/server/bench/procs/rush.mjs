/**
 * The closing rush's load generator, its own process: many players, each on its own keep-alive
 * connection from its own loopback address (127.0.0.0/8; `localAddress`), first in the room (one
 * signed-in heart poll each, as the app polls before betting), then each sending one bet at its
 * moment in the last seconds before the round closes, and some a second bet after the close.
 *
 * Job (JSON file, argv[2]): { host, port, heart: { path, body }, bet: { path }, players: [{ token, address }],
 *   windowMs, late } — `late`: how many of the players send a second bet in the second after the close.
 * Protocol: prints `ready <ms>` once every player is connected and seen in the room; then reads one
 * line on stdin, { closeAt (epoch ms; the server's clock is this machine's), betBody }, sends the bets on
 * schedule and prints one JSON line: { sent: [[player, sentAtMs, latencyMs, code, msg, scheduledAtMs], ...], warmErrors }.
 */
import fs from 'node:fs';
import http from 'node:http';
import readline from 'node:readline';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const players = job.players.map((p) => ({
  ...p,
  agent: new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: p.address, keepAliveMsecs: 60_000 }),
}));

function call(player, path, body, headers = {}) {
  return new Promise((resolve) => {
    const payload = Buffer.from(body);
    const started = performance.now();
    const req = http.request(
      {
        host: job.host,
        port: job.port,
        path,
        method: 'POST',
        agent: player.agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, token: player.token, ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          let code = -res.statusCode;
          let msg = `HTTP ${res.statusCode}`;
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString());
            code = answer.code;
            msg = answer.code === 1 ? '' : answer.msg;
          } catch {
            /* counted by its HTTP status */
          }
          resolve({ ms, code, msg });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ ms: performance.now() - started, code: -1, msg: `error: ${err.message}` }));
    req.end(payload);
  });
}

// Into the room: each player's connection opened and its session seen (a signed-in heart poll), a few hundred at once.
const warmStarted = performance.now();
let warmErrors = 0;
let nextWarm = 0;
await Promise.all(
  Array.from({ length: 200 }, async () => {
    while (nextWarm < players.length) {
      const p = players[nextWarm++];
      const r = await call(p, job.heart.path, job.heart.body);
      if (r.code !== 1) warmErrors++;
    }
  }),
);
process.stdout.write(`ready ${Math.round(performance.now() - warmStarted)} ${warmErrors}\n`);

const { closeAt, betBody } = await new Promise((resolve) => {
  const rl = readline.createInterface({ input: process.stdin });
  rl.once('line', (line) => {
    rl.close();
    resolve(JSON.parse(line));
  });
});

// Each player's moment, spread evenly over the window before the close; the late ones over the second after it.
const n = players.length;
const schedule = players.map((p, i) => ({ p, i, at: closeAt - job.windowMs + ((i + 0.5) * job.windowMs) / n, key: `rush-bet-${i}` }));
for (let i = 0; i < job.late; i++) {
  schedule.push({ p: players[i], i, at: closeAt + ((i + 0.5) * 1000) / job.late, key: `rush-late-${i}` });
}
schedule.sort((a, b) => a.at - b.at);

const results = [];
const pending = [];
let next = 0;
await new Promise((done) => {
  const tick = () => {
    const now = Date.now();
    while (next < schedule.length && schedule[next].at <= now) {
      const s = schedule[next++];
      const sentAt = Date.now();
      pending.push(
        call(s.p, job.bet.path, betBody, { 'idempotency-key': s.key }).then((r) =>
          results.push([s.i, sentAt, Math.round(r.ms * 10) / 10, r.code, r.msg, Math.round(s.at)]),
        ),
      );
    }
    if (next < schedule.length) setTimeout(tick, Math.max(0, schedule[next].at - Date.now() - 1));
    else done();
  };
  tick();
});
await Promise.all(pending);
for (const p of players) p.agent.destroy();
// Exits once the answer is written (a pipe is written asynchronously; stdin would keep the process alive).
process.stdout.write(JSON.stringify({ sent: results, warmErrors }) + '\n', () => process.exit(0));
