/**
 * What kind of database failure an error is. Drivers and drizzle wrap the database's own error
 * (drizzle's DrizzleQueryError keeps it in `cause`), so each test looks through the chain of causes.
 */

/** The error and its causes, outermost first (bounded: a cause chain can be built to loop). */
function chainOf(err: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let e = err;
  while (e !== null && typeof e === 'object' && chain.length < 6) {
    chain.push(e as Record<string, unknown>);
    e = (e as { cause?: unknown }).cause;
  }
  return chain;
}

/** PostgreSQL's SQLSTATE of the failure (five characters), when the database answered with one. */
export function sqlStateOf(err: unknown): string | undefined {
  for (const e of chainOf(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * A conflict with a concurrent transaction that running the whole transaction again resolves:
 * serialization failure (40001) and deadlock (40P01), where PostgreSQL rolled this one back.
 */
export function isRetriableConflict(err: unknown): boolean {
  const state = sqlStateOf(err);
  return state === '40001' || state === '40P01';
}

/** Socket-level failures reaching the server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is going away, starting up or full: admin_shutdown (57P01, a fast
 * shutdown or restart, or a Patroni demotion), crash_shutdown (57P02), cannot_connect_now (57P03,
 * starting up or shutting down), too_many_connections (53300), and read_only_sql_transaction
 * (25006): a write reached a member that is no longer the primary (a failover or switchover under
 * way; the balancer moves the connections once its health check sees the new leader). The app never
 * opens a read-only transaction itself, so a 25006 always means the wrong member. The whole class 08
 * is connection exceptions.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/**
 * How node-postgres and its pool begin the message when a connection drops ("Connection terminated
 * unexpectedly", "… due to connection timeout") or cannot be had in time. Matched at the start only:
 * a wrapper's message quotes the query's parameters, which a player may have typed.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * The database cannot be reached or dropped the connection: nothing about the request is wrong and
 * the same request may succeed in a moment (answered 503 with Retry-After, plugins/envelope.ts).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chainOf(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // Several addresses tried at once (localhost as ::1 and 127.0.0.1): Node reports each in `errors`.
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

/** The constraint a failure names (a unique, exclusion or check constraint, or a trigger raising one), with its detail. */
export function violatedConstraint(err: unknown): { state: string; constraint: string; detail: string } | undefined {
  for (const e of chainOf(err)) {
    if (typeof e.code === 'string' && typeof e.constraint === 'string' && e.constraint !== '') {
      return { state: e.code, constraint: e.constraint, detail: typeof e.detail === 'string' ? e.detail : '' };
    }
  }
  return undefined;
}
