/**
 * The bench's baseline: a bare Fastify process answering POST <path> with constant bytes — the body
 * and the headers the server under test answered (its security headers, content type…). Fastify's
 * own work and nothing else: it reads and parses the JSON body, answers, and logs through pino at the
 * level given (the server under test's LOG_LEVEL; default off) — no hooks, no validation, no session.
 * Usage: bare.ts <port> <path> <answer file: JSON { body, headers }> [log level]. Prints "ready" once
 * listening; stops on SIGTERM.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, path, answerFile, level] = process.argv.slice(2);
const answer = JSON.parse(fs.readFileSync(answerFile!, 'utf8')) as { body: string; headers: Record<string, string> };
// pino writing to stdout, which the bench reads (and drops) as it reads the server's.
const app = Fastify({ logger: level ? { level } : false });
app.post(path!, (_request, reply) => {
  void reply.headers(answer.headers).send(answer.body);
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
