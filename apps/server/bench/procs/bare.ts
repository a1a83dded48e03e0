/**
 * The bench's baseline: a bare Fastify process answering POST <path> with constant bytes — the body
 * and the headers the server under test answered (its security headers, content type…) — and
 * nothing else: no hooks, no validation, no logging.
 * Usage: bare.ts <port> <path> <answer file: JSON { body, headers }>. Prints "ready" once listening;
 * stops on SIGTERM.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, path, answerFile] = process.argv.slice(2);
const answer = JSON.parse(fs.readFileSync(answerFile!, 'utf8')) as { body: string; headers: Record<string, string> };
const app = Fastify({ logger: false });
app.post(path!, (_request, reply) => {
  void reply.headers(answer.headers).send(answer.body);
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
