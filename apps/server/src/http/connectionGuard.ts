/**
 * Open connections per client address, live event streams counted apart.
 *
 * Each socket counts against its address from the moment it connects; one beyond the cap is closed
 * at once, before any request: nothing of it has been read, so there is no request to answer and no
 * language to answer in, and holding it open to answer would cost what the cap saves. A socket that
 * carries a live event stream counts against the address's streams instead (checked when the
 * stream's request arrives, and refused then with a 429 envelope), so an address's viewers never use
 * up the connections its calls need, and its calls never keep it from watching.
 *
 * Behind a load balancer (TRUST_PROXY) every socket comes from the balancer and a client's address is
 * known only from each request's X-Forwarded-For, so sockets are not counted: the balancer holds the
 * clients' connections under its own timeouts, and what a client costs the node is counted per
 * request by the forwarded address — its calls in flight (plugins/callerLimits.ts) and its streams (here).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';

/** The address a socket is counted under among the connections; whether it carries a live stream. */
const COUNTED_AS = Symbol('countedAs');
const STREAM = Symbol('stream');
type Guarded = Socket & { [COUNTED_AS]?: string; [STREAM]?: boolean };

export class ConnectionGuard {
  readonly #connections = new Map<string, number>();
  readonly #streams = new Map<string, number>();

  constructor(private readonly limits: { connections: number | false; streams: number | false }) {}

  /** Counts the server's connections per address and closes those beyond the cap (not behind a proxy). */
  watch(server: Server): void {
    if (this.limits.connections === false) return;
    // Before Node's own listener: a refused socket never gets a parser.
    server.prependListener('connection', (socket: Socket) => this.#admit(socket, this.limits.connections as number));
  }

  /**
   * A request that opens a live stream on `socket` from `address` (the request's, forwarded behind a
   * proxy): undefined when the address has all the streams it may have, else the function to call
   * when the stream's answer closes.
   */
  openStream(address: string, socket: Socket): (() => void) | undefined {
    const key = normalizeIP(address);
    const open = this.#streams.get(key) ?? 0;
    if (this.limits.streams !== false && open >= this.limits.streams) return undefined;
    this.#streams.set(key, open + 1);
    (socket as Guarded)[STREAM] = true;
    const connectionKey = (socket as Guarded)[COUNTED_AS];
    if (connectionKey !== undefined) this.#uncount(socket, connectionKey);
    return () => {
      decrement(this.#streams, key);
      (socket as Guarded)[STREAM] = false;
      // A stream refused before it started (bad input) leaves its connection open for more calls.
      if (connectionKey !== undefined && !socket.destroyed) this.#count(socket, connectionKey);
    };
  }

  /** Whether the socket carries a live stream (the idle timeout leaves it alone: http/timeouts.ts). */
  isStream(socket: Socket): boolean {
    return (socket as Guarded)[STREAM] === true;
  }

  #admit(socket: Socket, cap: number): void {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const key = normalizeIP(address);
    if ((this.#connections.get(key) ?? 0) >= cap) {
      socket.destroy();
      return;
    }
    this.#count(socket, key);
    socket.once('close', () => {
      if ((socket as Guarded)[COUNTED_AS] === key) this.#uncount(socket, key);
    });
  }

  #count(socket: Socket, key: string): void {
    this.#connections.set(key, (this.#connections.get(key) ?? 0) + 1);
    (socket as Guarded)[COUNTED_AS] = key;
  }

  #uncount(socket: Socket, key: string): void {
    decrement(this.#connections, key);
    (socket as Guarded)[COUNTED_AS] = undefined;
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const n = (counts.get(key) ?? 1) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
