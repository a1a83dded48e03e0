import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { api, type AnswerOf, type CallRef, type InputOf } from '@lucky28/shared/api';
import type { GameHeart, HomeHeart, RoomHeart } from '@lucky28/shared/schemas';
import { afterAll } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPostgres, type Database } from '../src/db/client.js';
import type { Clock } from '../src/clock.js';
import type { CallerLimits, RateLimits } from '../src/plugins/rateLimits.js';
import type { HttpTimeouts } from '../src/http/timeouts.js';
import { checkInvariantsOnClose } from './invariantsAfterFile.js';
import { openScratchPglite } from './pgliteScratch.js';

/**
 * Test databases: an in-memory PGlite by default (`npm test`), or, when TEST_DATABASE_URL is set
 * (CI's `npm run test:pg`), a fresh database created on that PostgreSQL server and dropped afterwards.
 */
export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A scratch database on the PostgreSQL server at `serverUrl`: created now, dropped by `drop()`, which
 * first lets the closed pools' connections drain (a forced drop would kill them mid-goodbye).
 */
export async function createScratchDatabase(serverUrl: string, prefix = 'lucky28_t'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(async (c) => {
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/**
 * A fresh, migrated test database; reconciled when it closes (test/invariantsAfterFile.ts). On PGlite,
 * a copy of the database migrated once for the whole run (test/pgliteScratch.ts).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return checkInvariantsOnClose(await openMigratedPglite());

  const scratch = await createScratchDatabase(serverUrl);
  // Ten connections a database: two workers' files each hold a few databases open at once, and the
  // server allows 100 connections in all (a larger pool failed CI with "too many clients").
  const database = await openPostgres(scratch.url, 10);
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    await scratch.drop();
  };
  return checkInvariantsOnClose(database);
}

/** A PGlite holding the migrated database (test/pgliteScratch.ts), not yet reconciled on close. */
export async function openMigratedPglite(): Promise<Database> {
  const database = await openScratchPglite();
  // As the server's start does; a no-op on the template's database, and the migrations when there was none.
  await database.migrate();
  return database;
}

/** A front-end dist directory that never exists (see createTestApp). */
const NO_DIST = '/nonexistent/lucky28-test-dist';

/** Seals operators' TOTP secrets in tests (never the repository's data directory key file). */
export const TEST_OPERATOR_KEY = 'ab'.repeat(32);

export interface TestAppOptions {
  clock?: Clock;
  rateLimits?: RateLimits;
  /**
   * Default: none. Tests provoke races with bursts of parallel calls from one session and one
   * address, which the per-caller limits would refuse; test/http/callerLimits.test.ts tests them.
   */
  callerLimits?: CallerLimits;
  timeouts?: Partial<HttpTimeouts>;
  config?: Partial<Config>;
  /** Reuse an already open database (e.g. two apps on one database). */
  database?: Database;
  /** The replicas' pool (DATABASE_READ_URL); default none. */
  readDatabase?: Database;
  /** Log as the server does (its logger options, config.logLevel) into this stream; default: no log. */
  logStream?: NodeJS.WritableStream;
  /** The calls the routes must match (default: the whole API contract). */
  contract?: AppOptions['contract'];
}

/** Every per-caller limit off: the default of test apps (race tests send many calls at once from one session). */
export const NO_CALLER_LIMITS: CallerLimits = {
  inFlightPerSession: false,
  inFlightPerAddress: false,
  readsPerSession: false,
  readsPerAddress: false,
  connectionsPerAddress: false,
  streamsPerAddress: false,
};

/** A real app on a real (fresh) database, closed automatically after the test file. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<FastifyInstance> {
  const database = opts.database ?? (await openTestDatabase());
  // No built front-end unless a test brings its own: what a test sees must not depend on whether
  // `npm run build` ran before it (the built apps add static routes to the route table).
  const config = { ...loadConfig({}), scheduler: false, operatorSecretKey: TEST_OPERATOR_KEY, webDist: NO_DIST, adminDist: NO_DIST, ...opts.config };
  const app = await buildApp({
    config,
    database,
    readDatabase: opts.readDatabase,
    clock: opts.clock,
    rateLimits: opts.rateLimits,
    callerLimits: opts.callerLimits ?? NO_CALLER_LIMITS,
    timeouts: opts.timeouts,
    checkAnswers: true,
    contract: opts.contract,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
  });
  return app;
}

export interface CallOptions {
  token?: string;
  lang?: string;
  ip?: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
}

export interface Envelope<T = any> {
  code: number;
  msg: any;
  time: number;
  data: T;
  field?: string;
}

/**
 * Calls an address like a client: JSON body with `lang`, the token in the `token` header. For the tests of
 * the URLs themselves (routing, the legacy GET forms, malformed paths); every other test names its call
 * by the contract (`callApi`, `rawCall`).
 */
export async function call<T = any>(
  app: FastifyInstance,
  url: string,
  body: Record<string, unknown> = {},
  opts: CallOptions = {},
): Promise<Envelope<T> & { status: number }> {
  const method = opts.method ?? (url.startsWith('/api/index/') || url.startsWith('/api/fair/') ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.token = opts.token;
  const payload = { lang: opts.lang ?? 'en', ...body };
  const res =
    method === 'GET'
      ? await app.inject({ method, url, query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])), headers, remoteAddress: opts.ip })
      : await app.inject({ method, url, payload, headers, remoteAddress: opts.ip });
  return { status: res.statusCode, ...(res.json() as Envelope<T>) };
}

/** A call's options as `callApi` takes them: `call`'s, plus the Idempotency-Key a money call may carry. */
export interface ContractCallOptions extends Omit<CallOptions, 'method'> {
  idempotencyKey?: string;
}

/**
 * Calls one of the contract's calls (`api.lottery.playOrder`) with a typed input and a typed answer, as the
 * apps' clients do: its address, method and Idempotency-Key come from the contract, never from a string.
 */
export async function callApi<C extends CallRef>(
  app: FastifyInstance,
  ref: C,
  input: InputOf<C> & { lang?: string },
  opts: ContractCallOptions = {},
): Promise<Envelope<AnswerOf<C>> & { status: number }> {
  return rawCall(app, ref, input as Record<string, unknown>, opts);
}

/**
 * The same call with a body the contract does not type: the malformed and hostile inputs of the
 * validation and fuzz tests, still addressed by the contract's name for the call.
 */
export async function rawCall<T = any>(
  app: FastifyInstance,
  ref: CallRef,
  body: Record<string, unknown> = {},
  opts: ContractCallOptions = {},
): Promise<Envelope<T> & { status: number }> {
  const headers = { ...opts.headers, ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}) };
  return call<T>(app, ref.path, body, { ...opts, headers, method: ref.method });
}

/**
 * Lottery/heart answers one of three forms by its input (the home cards, a game, a room): the contract
 * types the union, these take the form a test asked for, and fail the test if the answer is another.
 */
type Heart = AnswerOf<typeof api.lottery.heart>;
const heartForm =
  <T extends Heart>(form: string, is: (data: Heart) => data is T) =>
  (data: Heart): T => {
    if (!is(data)) throw new Error(`not ${form}'s heart: ${JSON.stringify(data)}`);
    return data;
  };
export const roomHeart = heartForm<RoomHeart>('a room', (d): d is RoomHeart => 'plan_id' in d);
export const gameHeart = heartForm<GameHeart>('a game', (d): d is GameHeart => 'issue' in d);
export const homeHeart = heartForm<HomeHeart>('the home cards', (d): d is HomeHeart => 'games' in d);

let counter = 0;
/** A unique valid username per call. */
export const uniqueName = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 20);

/** Registers a fresh member and returns its token and id. Each registration comes from its own IP. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; userId: number; username: string; password: string }> {
  const username = (overrides.username as string) ?? uniqueName();
  const password = (overrides.password as string) ?? 'correct-horse-9';
  const res = await rawCall(
    app,
    api.user.register,
    { username, password, repassword: password, ...overrides },
    { ip: `10.9.${counter % 250}.${(counter++ % 250) + 1}` },
  );
  if (res.code !== 1) throw new Error(`register failed: ${JSON.stringify(res)}`);
  return { token: res.data.userinfo.token, userId: res.data.userinfo.user_id, username, password };
}
