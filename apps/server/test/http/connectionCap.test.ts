import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createGameApp } from '../game/kit.js';
import type { CallerLimits } from '../../src/plugins/rateLimits.js';

/** Only the connection caps: 3 open connections and 2 live streams per address. */
const LIMITS: CallerLimits = {
  inFlightPerSession: false,
  inFlightPerAddress: false,
  readsPerSession: false,
  readsPerAddress: false,
  connectionsPerAddress: 3,
  streamsPerAddress: 2,
};

/** One raw client connection: requests written by hand, answers read as they come. */
class Conn {
  received = '';
  closed = false;
  private readonly socket: net.Socket;
  private readonly waiters: (() => void)[] = [];

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      this.received += d;
      this.wake();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(port: number): Promise<Conn> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new Conn(socket)));
      socket.once('error', reject);
    });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `done` holds, the connection closes, or `ms` pass. */
  async until(done: () => boolean, ms = 3000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done() && !this.closed && Date.now() < deadline) {
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  /** Whether the server closes this connection without a byte (a refused connection) within `ms`. */
  async refusedWithin(ms: number): Promise<boolean> {
    await this.until(() => false, ms);
    return this.closed && this.received === '';
  }

  /** GET /healthz on this connection (kept alive): its status. */
  async health(): Promise<number> {
    const from = this.received.length;
    this.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await this.until(() => this.received.slice(from).includes('"status"'));
    return Number(this.received.slice(from).split(' ')[1]);
  }

  /** Asks for the home cards' live stream: the status, and the answer so far. */
  async stream(headers = ''): Promise<{ status: number; text: string }> {
    const from = this.received.length;
    this.socket.write(`GET /api/Lottery/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAccept-Language: en\r\n${headers}\r\n`);
    await this.until(() => /event: heart|\r\n\r\n\{.*\}/s.test(this.received.slice(from)));
    const text = this.received.slice(from);
    return { status: Number(text.split(' ')[1]), text };
  }

  close(): Promise<void> {
    this.socket.destroy();
    return this.until(() => false, 1000);
  }
}

async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

/** A new connection, tried again while the server has not yet seen another one of the address close. */
async function acceptedConnection(port: number): Promise<Conn> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const conn = await Conn.open(port);
    if (!(await conn.refusedWithin(150))) return conn;
  }
  throw new Error('no connection accepted');
}

describe('open connections per address (not behind a proxy)', async () => {
  const { app } = await createGameApp({ callerLimits: LIMITS });
  const port = await listening(app);
  const open: Conn[] = [];
  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it('closes the connection beyond the cap before any request, while the others keep working; streams count apart', async () => {
    // Two live streams first: once streaming, their connections count as streams, not connections.
    for (let i = 0; i < 2; i++) {
      const viewer = await Conn.open(port);
      open.push(viewer);
      const stream = await viewer.stream();
      expect(stream.status).toBe(200);
      expect(stream.text).toContain('event: heart');
    }
    const calls: Conn[] = [];
    for (let i = 0; i < 3; i++) {
      const conn = await Conn.open(port);
      open.push(conn);
      calls.push(conn);
      expect(await conn.health()).toBe(200);
    }
    const fourth = await Conn.open(port);
    open.push(fourth);
    expect(await fourth.refusedWithin(1000)).toBe(true);
    // The first three still answer.
    for (const conn of calls) expect(await conn.health()).toBe(200);

    // A third stream needs a connection: one call connection goes, the new one is refused as a stream.
    await calls[0]!.close();
    const third = await acceptedConnection(port);
    open.push(third);
    const refused = await third.stream();
    expect(refused.status).toBe(429);
    expect(refused.text.toLowerCase()).toContain('retry-after:');
    const body = JSON.parse(refused.text.slice(refused.text.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ code: 0, data: null, msg: 'Too many live connections from your network, please close some pages and try again' });
    // Still a connection for calls, and counted as one again.
    expect(await third.health()).toBe(200);
    const extra = await Conn.open(port);
    open.push(extra);
    expect(await extra.refusedWithin(1000)).toBe(true);

    // A stream that ends frees its place for another.
    await open[0]!.close();
    let again = await third.stream();
    for (let attempt = 0; again.status === 429 && attempt < 10; attempt++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await third.stream();
    }
    expect(again.status).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY)', async () => {
  const { app } = await createGameApp({ callerLimits: LIMITS, config: { trustProxy: true } });
  const port = await listening(app);
  const open: Conn[] = [];
  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it('counts no connection (all come from the balancer), and streams by the forwarded client address', async () => {
    for (let i = 0; i < 5; i++) {
      const conn = await Conn.open(port);
      open.push(conn);
      expect(await conn.health()).toBe(200);
    }
    const viewers = [];
    for (let i = 0; i < 3; i++) {
      const conn = await Conn.open(port);
      open.push(conn);
      viewers.push(await conn.stream('X-Forwarded-For: 203.0.113.7\r\n'));
    }
    expect(viewers.map((v) => v.status)).toEqual([200, 200, 429]);
    const other = await Conn.open(port);
    open.push(other);
    expect((await other.stream('X-Forwarded-For: 203.0.113.8\r\n')).status).toBe(200);
  });
});
