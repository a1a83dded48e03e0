/**
 * The fuzz suite's machinery: a real app on a real database with players, operators and money in
 * flight, a fast-check generator of hostile requests for each call of the API contract (its input
 * schema, and callers from its access), and the checks every answer must pass: no HTTP 500, the
 * envelope, no stall.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';
import { OPERATOR_ROLES, api, callsOf, hasForbiddenChars, publicAccess, roleAllows, type Access, type CallKind } from '@lucky28/shared';
import { caseCount, caseSeed } from '@lucky28/shared/testing/depth';
import { afterAll, describe, expect, it } from 'vitest';
import { operators, users } from '../../src/db/schema.js';
import { createOperatorSession, resolveOperatorSession } from '../../src/domain/operators/sessions.js';
import { inputJsonSchema } from '../../src/http/bodyLimit.js';
import type { RateLimits } from '../../src/plugins/rateLimits.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { callApi } from '../helpers.js';
import { createGameApp, currentIssue, fund, roomOf } from '../game/kit.js';
import { operatorWithRole, readyToWithdraw, requestDeposit, upload, OPERATOR_PASSWORD, PNG, TEST_TOTP_SECRET } from '../wallet/fixtures.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { BONUS_TERMS, CHECK_IN_TERMS, RAKEBACK_TERMS } from '../rewards/kit.js';
import {
  acceptLanguage,
  brokenMultipart,
  contentTypes,
  mostlyValid,
  headerText,
  objectFor,
  pathSegments,
  rawBodies,
  rawQueries,
  type FieldSchema,
} from './hostile.js';

/**
 * Inputs per call: 200 under TEST_DEPTH=deep (CI's `npm run test:deep`), 50 from a new seed in `npm test`;
 * FUZZ_RUNS sets another count, FUZZ_SEED (or TEST_SEED) replays a run (@lucky28/shared/testing/depth).
 */
export const RUNS_PER_ROUTE = caseCount({ deep: 200, quick: 50 }, 'FUZZ_RUNS');
export const FUZZ_SEED = caseSeed('FUZZ_SEED');
/** A request that takes longer than this stalled the server (a body once took 8 s to refuse). */
export const STALL_MS = 5_000;

const SUPPORT_KEY = 'fuzz-support-key-0123456789';
const noRateLimits: RateLimits = { login: false, register: false, secret: false, upload: false, bet: false };

/** Who sends a request: nobody, a forged token, a guest, a member, an operator of a role, the chat system. */
export type Caller = 'none' | 'forged' | 'guest' | 'member' | 'admin' | 'finance' | 'support' | 'moderator' | 'service';
type Session = Exclude<Caller, 'none' | 'forged' | 'service'>;

/**
 * Callers of a call, from its access in the contract, weighted so most requests get past the guard
 * and reach the schema; the rest are callers the guard must refuse.
 */
export function callersFor(access: Access): [Caller, number][] {
  switch (access.who) {
    case 'public':
      return [
        ['none', 4],
        ['guest', 2],
        ['member', 2],
        ['forged', 1],
        ['admin', 1],
      ];
    case 'player':
      return [
        ['member', 5],
        ['guest', 3],
        ['none', 1],
        ['forged', 1],
        ['admin', 1],
      ];
    case 'member':
      return [
        ['member', 7],
        ['guest', 1],
        ['none', 1],
        ['forged', 1],
      ];
    case 'service':
      return [
        ['service', 6],
        ['none', 2],
        ['forged', 2],
      ];
    case 'operator': {
      // Admin and the roles the call names get through; a role it does not name is refused (403).
      const roles = OPERATOR_ROLES.filter((r) => r !== 'admin');
      const allowed = roles.filter((r) => access.roles === undefined || roleAllows(r, access.roles));
      const refused = roles.filter((r) => !allowed.includes(r));
      return [
        ['admin', 6],
        ...allowed.map((r): [Caller, number] => [r, 2]),
        ...refused.map((r): [Caller, number] => [r, 1]),
        ['member', 1],
        ['none', 1],
        ['forged', 1],
      ];
    }
  }
}

/** What the fuzzer calls: a call of the contract, or one of the server's probes outside /api/ (not calls: public by nature). */
export interface FuzzTarget {
  /** `group.call`, or the probe's method and path. */
  name: string;
  method: string;
  url: string;
  access: Access;
  kind: CallKind;
  /** The input sent in the body or query string; a file's input is its path, fuzzed as a segment. */
  input: z.ZodType | undefined;
  /** The route's body limit (the route table's: the server sets it from the input). */
  bodyLimit: number;
}

/** Every call of the contract, then the server's probes: what the fuzz files share out by access. */
export function fuzzTargets(app: FastifyInstance): FuzzTarget[] {
  const calls = callsOf(api).map((call): FuzzTarget => {
    const route = app.apiRoutes.find((r) => r.method === call.method && r.url === call.path);
    if (!route) throw new Error(`${call.name} (${call.method} ${call.path}) is declared in the contract but no route answers it`);
    return {
      name: call.name,
      method: call.method,
      url: call.path,
      access: call.access,
      kind: call.kind,
      input: call.kind === 'file' ? undefined : call.input,
      bodyLimit: route.bodyLimit,
    };
  });
  const probes = app.apiRoutes
    .filter((r) => !r.url.startsWith('/api/'))
    .map((r): FuzzTarget => {
      if (r.access !== 'public') throw new Error(`${r.method} ${r.url}: a route outside the API must be public (or declared in the contract)`);
      const schema = r.schema as Record<string, z.ZodType | undefined> | undefined;
      return {
        name: `${r.method} ${r.url}`,
        method: r.method,
        url: r.url,
        access: publicAccess,
        kind: 'json',
        input: schema?.body ?? schema?.querystring,
        bodyLimit: r.bodyLimit,
      };
    });
  return [...calls, ...probes];
}

/** How the input travels. */
type Transport =
  | { kind: 'json'; input: Record<string, unknown> }
  | { kind: 'form'; input: Record<string, unknown> }
  | { kind: 'query'; input: Record<string, unknown> }
  | { kind: 'multipart'; input: Record<string, unknown>; withFile: boolean }
  | { kind: 'brokenMultipart'; contentType: string; payload: string | Buffer }
  | { kind: 'raw'; contentType: string | undefined; payload: string | Buffer }
  | { kind: 'oversize' }
  /** JSON nested as deep as the route's body limit allows (or a little deeper). */
  | { kind: 'deep'; open: string; close: string; slack: number };

/** One generated request, before the caller's current token is filled in. */
export interface FuzzCase {
  caller: Caller;
  transport: Transport;
  /** The value of a path parameter (a file call's `:name`), as sent on the wire. */
  segment: string | undefined;
  /** Appended to the URL: a malformed query string, or nothing. */
  urlTail: string;
  lang: string | undefined;
  idempotencyKey: string | undefined;
  forgedToken: string;
  requestId: string | undefined;
}

export interface RouteTally {
  route: string;
  inputs: number;
  statuses: Map<number, number>;
  slowestMs: number;
  totalMs: number;
  /** Answers with `code` 1: inputs that got through every check and did something. */
  succeeded: number;
}

/** A log stream that keeps the error lines (the cause of a 500), by request id. */
class ErrorLog extends Writable {
  readonly byRequest = new Map<string, string>();
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    for (const line of chunk.toString().split('\n')) {
      const m = /"reqId":"([^"]+)"/.exec(line);
      if (m && /"level":(50|60)/.test(line)) this.byRequest.set(m[1]!, line.slice(0, 3_000));
    }
    done();
  }
}

const safeSchema = (schema: unknown): FieldSchema => {
  if (!schema) return { type: 'object', properties: {} };
  try {
    return inputJsonSchema(schema as z.ZodType) as FieldSchema;
  } catch {
    return { type: 'object', properties: {} };
  }
};

/** The world the fuzzer attacks: the app, its sessions (renewed when a request ends them) and counts. */
export class FuzzWorld {
  readonly tallies: RouteTally[] = [];
  private tokens = new Map<Session, string>();
  private operatorIds = new Map<Session, number>();
  /** Sessions opened again after a request ended one. */
  readonly renewed = new Map<Session, number>();
  /** Where the app listens once an event stream is fuzzed (see openStream). */
  private streamPort: number | undefined;
  private constructor(
    readonly app: FastifyInstance,
    private readonly errors: ErrorLog,
    private readonly memberId: number,
    private readonly guestId: number,
  ) {}

  /** Values each field name accepts in this world (real room ids, the current round, an uploaded picture…). */
  private known: Record<string, fc.Arbitrary<unknown>> = {};

  static async create(): Promise<FuzzWorld> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-fuzz-'));
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const errors = new ErrorLog();
    const { app } = await createGameApp({
      rateLimits: noRateLimits,
      config: { dataDir, supportApiKey: SUPPORT_KEY, logLevel: 'error' },
      logStream: errors,
    });
    await seedDemoContent(app.db, { operatorPassword: OPERATOR_PASSWORD, demoPassword: 'demo-pass-123' });
    const campaigns = await liveCampaigns(app);

    // Money in flight, so operators' calls with small ids find real rows: a member with a bank card,
    // a wallet, a security code, funds, a bet in the current round, a deposit and a real-name request waiting.
    const member = await readyToWithdraw(app, 5_000_00);
    await fund(app, member.userId, 1_000_00, 'score');
    // A first deposit approved while the campaigns run: the member's first-deposit bonus is there to claim.
    const first = await callApi(app, api.admin.depositApprove, { id: await requestDeposit(app, member.token, '100') }, { token: campaigns.admin });
    if (first.code !== 1) throw new Error(`seed deposit approval: ${JSON.stringify(first)}`);
    await requestDeposit(app, member.token, '200');
    const t = { token: member.token };
    const plan = await roomOf(app, 7, 0);
    const bet = await callApi(app, api.lottery.playOrder, { plan_id: plan, play_type: '1,2', money: '10', issue: await currentIssue(app) }, t);
    if (bet.code !== 1) throw new Error(`seed bet: ${JSON.stringify(bet)}`);
    const other = await readyToWithdraw(app, 300_00);
    const withdraw = await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: other.token });
    if (withdraw.code !== 1) throw new Error(`seed withdrawal: ${JSON.stringify(withdraw)}`);
    await requestDeposit(app, other.token, '150', 'bank');

    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.66.0.2' });
    const world = new FuzzWorld(app, errors, member.userId, guest.data.userinfo.user_id);
    world.known = knownValues({
      memberId: member.userId,
      memberName: member.username,
      plans: [plan, plan + 1, await roomOf(app, 1, 0)],
      issue: await currentIssue(app),
      picture: (await upload(app, member.token, { data: PNG, filename: 'id.png', contentType: 'image/png' }, { type: 'idcard' })).data.url as string,
      screenshot: (await upload(app, member.token, { data: PNG, filename: 'shot.png', contentType: 'image/png' })).data.url as string,
      back: (await upload(app, member.token, { data: PNG, filename: 'back.png', contentType: 'image/png' }, { type: 'idcard' })).data.url as string,
      campaigns: campaigns.ids,
    });
    world.tokens.set('member', member.token);
    world.tokens.set('guest', guest.data.userinfo.token);
    return world;
  }

  /** The current token of a session, opened again if a request ended it (logout, freeze, disable…). */
  private async token(session: Session): Promise<string> {
    const known = this.tokens.get(session);
    if (known) return known;
    let token: string;
    if (session === 'member' || session === 'guest') {
      const userId = session === 'member' ? this.memberId : this.guestId;
      await this.app.db.update(users).set({ disabled: false }).where(eq(users.id, userId));
      token = await this.app.sessions.create(this.app.db, userId, { remember: false, now: this.app.clock.now(), ip: '10.66.0.1' });
    } else {
      // The same operator signs in again (enabled again if a request disabled it); one whose TOTP a
      // request reset is replaced by a fresh operator, enrolled as the console would enrol it.
      const known = this.operatorIds.get(session);
      const [row] = known ? await this.app.db.select().from(operators).where(eq(operators.id, known)) : [];
      if (row?.totpSecret) {
        await this.app.db.update(operators).set({ disabled: false }).where(eq(operators.id, row.id));
        token = await createOperatorSession(this.app.db, row.id, { now: this.app.clock.now(), ip: '10.66.0.3' });
      } else {
        token = await operatorWithRole(this.app, session);
        this.operatorIds.set(session, (await resolveOperatorSession(this.app.db, token, this.app.clock.now()))!.operatorId);
      }
    }
    this.tokens.set(session, token);
    this.renewed.set(session, (this.renewed.get(session) ?? 0) + 1);
    return token;
  }

  /** Opens the sessions a route's callers will use (outside the timed requests). */
  async prepare(): Promise<void> {
    // The clock stands still here, so a lockout earned on one route would block the next routes' checks.
    await this.app.db.execute(sql`delete from auth_failures`);
    for (const s of ['member', 'guest', 'admin', 'finance', 'support', 'moderator'] as const) await this.token(s);
  }

  /** The generator of hostile requests for one call, from its declared input schema and access. */
  casesFor(route: FuzzTarget): fc.Arbitrary<FuzzCase> {
    const declared = safeSchema(route.input);
    const input = fc.oneof(objectFor(declared), mostlyValid(declared, this.known));
    const isGet = route.method === 'GET';
    const transports: fc.WeightedArbitrary<Transport>[] = isGet
      ? [
          { weight: 4, arbitrary: input.map((i) => ({ kind: 'query' as const, input: i })) },
          { weight: 1, arbitrary: fc.tuple(contentTypes, rawBodies).map(([contentType, payload]) => ({ kind: 'raw' as const, contentType, payload })) },
        ]
      : [
          { weight: 14, arbitrary: input.map((i) => ({ kind: 'json' as const, input: i })) },
          { weight: 2, arbitrary: input.map((i) => ({ kind: 'form' as const, input: i })) },
          { weight: 2, arbitrary: input.map((i) => ({ kind: 'query' as const, input: i })) },
          { weight: 1, arbitrary: fc.tuple(input, fc.boolean()).map(([i, withFile]) => ({ kind: 'multipart' as const, input: i, withFile })) },
          { weight: 1, arbitrary: brokenMultipart.map((b) => ({ kind: 'brokenMultipart' as const, ...b })) },
          {
            weight: 3,
            arbitrary: fc
              .tuple(fc.option(contentTypes, { nil: undefined }), rawBodies)
              .map(([contentType, payload]) => ({ kind: 'raw' as const, contentType, payload })),
          },
          { weight: 1, arbitrary: fc.constant({ kind: 'oversize' as const }) },
          {
            weight: 1,
            arbitrary: fc.record({
              kind: fc.constant('deep' as const),
              open: fc.constantFrom('[', '{"a":', '{"id":['),
              close: fc.constantFrom(']', '}', ']}', ''),
              slack: fc.integer({ min: -64, max: 16 }),
            }),
          },
        ];
    const callers = callersFor(route.access).map(([caller, weight]) => ({ arbitrary: fc.constant(caller), weight }));
    return fc.record({
      caller: fc.oneof(...callers),
      transport: fc.oneof(...transports),
      segment: route.url.includes('/:') ? pathSegments : fc.constant(undefined),
      urlTail: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: rawQueries }),
      lang: fc.option(acceptLanguage, { freq: 3, nil: undefined }),
      idempotencyKey: fc.option(fc.oneof(headerText, fc.stringMatching(/^[\w.:-]{1,100}$/)), { freq: 3, nil: undefined }),
      forgedToken: headerText,
      requestId: fc.option(headerText, { freq: 8, nil: undefined }),
    });
  }

  /** The request as app.inject takes it, with the caller's current credentials. */
  async requestOf(route: FuzzTarget, c: FuzzCase): Promise<InjectOptions> {
    const headers: Record<string, string> = {};
    if (c.caller === 'forged') headers.token = c.forgedToken;
    else if (c.caller === 'service') headers['x-support-key'] = SUPPORT_KEY;
    else if (c.caller !== 'none') headers.token = await this.token(c.caller);
    if (c.lang !== undefined) headers['accept-language'] = c.lang;
    if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
    if (c.requestId !== undefined) headers['x-request-id'] = c.requestId;

    let url = route.url.replace(/:[A-Za-z_]+/, c.segment ?? '');
    let payload: string | Buffer | undefined;
    const t = c.transport;
    switch (t.kind) {
      case 'json':
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(t.input);
        break;
      case 'form':
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = formEncode(t.input);
        break;
      case 'query': {
        const q = formEncode(t.input);
        if (q) url += `?${q}`;
        break;
      }
      case 'multipart': {
        const body = multipartOf(t.input, t.withFile);
        headers['content-type'] = body.contentType;
        payload = body.payload;
        break;
      }
      case 'brokenMultipart':
        headers['content-type'] = t.contentType;
        payload = t.payload;
        break;
      case 'raw':
        if (t.contentType) headers['content-type'] = t.contentType;
        payload = t.payload;
        break;
      case 'deep': {
        headers['content-type'] = 'application/json';
        const depth = Math.max(1, Math.floor(route.bodyLimit / (t.open.length + t.close.length)) + t.slack);
        payload = t.open.repeat(depth) + '1' + t.close.repeat(depth);
        break;
      }
      case 'oversize':
        headers['content-type'] = 'application/json';
        payload = JSON.stringify({ pad: 'p'.repeat(route.bodyLimit + 64) });
        break;
    }
    if (c.urlTail) url += url.includes('?') ? `&${c.urlTail.slice(1)}` : c.urlTail;
    return { method: route.method as InjectOptions['method'], url, headers, ...(payload !== undefined ? { payload } : {}) };
  }

  /**
   * Sends one case and checks the answer: never 500, never a stall, always the envelope with a
   * localised message (a file's bytes and the health probes' own bodies excepted).
   */
  async send(route: FuzzTarget, c: FuzzCase, tally: RouteTally): Promise<void> {
    const request = await this.requestOf(route, c);
    const started = performance.now();
    const res = route.kind === 'stream' ? await this.openStream(request) : await this.app.inject(request);
    const ms = performance.now() - started;
    tally.inputs += 1;
    tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
    tally.slowestMs = Math.max(tally.slowestMs, ms);
    tally.totalMs += ms;
    if (res.statusCode === 200 && res.body.startsWith('{"code":1')) tally.succeeded += 1;
    // A request that ended its own session (logout, a frozen or disabled account): open a new one.
    if ((res.statusCode === 401 || res.statusCode === 403) && c.caller !== 'none' && c.caller !== 'forged' && c.caller !== 'service') {
      const token = request.headers!.token as string;
      const now = this.app.clock.now();
      const stillValid =
        c.caller === 'member' || c.caller === 'guest'
          ? Boolean(await this.app.sessions.resolve(token, now))
          : (await resolveOperatorSession(this.app.db, token, now))?.enrolmentPending === false;
      if (!stillValid) this.tokens.delete(c.caller);
    }

    const problem =
      answerProblem(route, res.statusCode, String(res.headers['content-type'] ?? ''), res.body, ms) ?? acceptedWhatMustBeRefused(route, c, res.body);
    if (problem) {
      const cause = this.errors.byRequest.get(String(res.headers['x-request-id'] ?? '')) ?? '(no error logged)';
      throw new Error(
        `${route.name} (${route.method} ${route.url}): ${problem}\n  request: ${describeRequest(request)}\n  answer ${res.statusCode}: ${res.body.slice(0, 500)}\n  cause: ${cause}`,
      );
    }
  }

  /**
   * An event stream never ends on valid input, so app.inject cannot take it: it is opened over a real
   * socket, and an open stream is read up to its first event and then closed by the client. Answers
   * as much of an inject result as the checks read (a refusal is read whole).
   */
  async openStream(request: InjectOptions): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
    if (!this.streamPort) {
      await this.app.listen({ port: 0, host: '127.0.0.1' });
      this.streamPort = (this.app.server.address() as { port: number }).port;
    }
    const payload = request.payload as string | Buffer | undefined;
    // Node sends a GET's body without framing unless told its length (the server would read it as a next request).
    const headers = { ...(request.headers as http.OutgoingHttpHeaders), ...(payload !== undefined ? { 'content-length': Buffer.byteLength(payload) } : {}) };
    // node:http, not fetch: a hostile GET may carry a body, which fetch refuses to send.
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.streamPort, agent: false, method: request.method as string, path: String(request.url), headers, timeout: STALL_MS },
        (res) => {
          const isStream = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
            if (isStream && body.includes('\n\n')) {
              const opened = /^(event|data|:|id|retry)/m.test(body);
              req.destroy();
              resolve({
                statusCode: res.statusCode!,
                headers: { 'content-type': 'application/json' },
                body: opened ? STREAM_OPENED : `not an event stream: ${body.slice(0, 200)}`,
              });
            }
          });
          res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, body }));
          res.on('error', () => undefined);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`the stream sent nothing within ${STALL_MS} ms`)));
      req.on('error', (err) => reject(new Error(`${err.message}: ${describeRequest(request)}`)));
      req.end(payload);
    });
  }

  /** Runs RUNS_PER_ROUTE generated cases against a call (shrinking to the smallest failing one). */
  async fuzzRoute(route: FuzzTarget): Promise<RouteTally> {
    await this.prepare();
    const tally: RouteTally = { route: `${route.method} ${route.url}`, inputs: 0, statuses: new Map(), slowestMs: 0, totalMs: 0, succeeded: 0 };
    this.tallies.push(tally);
    await fc.assert(
      fc.asyncProperty(this.casesFor(route), async (c) => this.send(route, c, tally)),
      { numRuns: RUNS_PER_ROUTE, seed: FUZZ_SEED, endOnFailure: false, verbose: 0 },
    );
    return tally;
  }

  /**
   * The money invariants of docs/design.md#the-invariants, as the operators' reconcile checks them. (Not the ledger's
   * running sums: a deposit's row is written when asked and applied when approved, out of id order.)
   */
  async reconcile(): Promise<unknown[]> {
    return findDiscrepancies(this.app.db);
  }

  /** The counts, per route and in total, as the CI log shows them. */
  report(title: string): string {
    const total = this.tallies.reduce((n, t) => n + t.inputs, 0);
    const lines = this.tallies.map((t) => {
      const statuses = [...t.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      return `  ${String(t.inputs).padStart(5)}  ${t.route.padEnd(44)} ok ${String(t.succeeded).padStart(4)}  ${(t.totalMs / 1000).toFixed(1).padStart(5)} s, slowest ${t.slowestMs.toFixed(0).padStart(4)} ms  ${statuses}`;
    });
    const renewed = [...this.renewed.entries()].map(([s, n]) => `${s} ${n}`).join(', ');
    return [`fuzz ${title}: ${total} inputs over ${this.tallies.length} routes (at least ${RUNS_PER_ROUTE} each); sessions opened: ${renewed}`, ...lines].join(
      '\n',
    );
  }
}

/** Acceptable values by field name, so that mostly-valid inputs get through to the routes' real work. */
function knownValues(w: {
  memberId: number;
  memberName: string;
  plans: number[];
  issue: string;
  picture: string;
  screenshot: string;
  back: string;
  campaigns: number[];
}): Record<string, fc.Arbitrary<unknown>> {
  // The first value is the one that works here; the others are plausible mistakes.
  const one = (first: unknown, ...others: unknown[]) =>
    others.length ? fc.oneof({ weight: 3, arbitrary: fc.constant(first) }, { weight: 1, arbitrary: fc.constantFrom(...others) }) : fc.constant(first);
  return {
    username: one('admin', w.memberName, 'fuzz_user_01'),
    password: one('correct-horse-9', OPERATOR_PASSWORD, 'operator-pass-2', 'password'),
    repassword: one('correct-horse-9'),
    inviter_id: one(w.memberId, 0),
    account: one(w.memberName, 'admin'),
    remember: one(true, false, 1, '0'),
    idcard: one('110101199003077774', '11010119900307777X'),
    nickname: one('Lucky', '幸运'),
    avatar: fc.integer({ min: 0, max: 20 }),
    after_pass: one('correct-horse-9', 'wrong-horse-1'),
    new_pass: one('another-horse-7'),
    confirm_pass: one('another-horse-7'),
    new_code: one('123456', '654321'),
    after_code: one('123456', '000000'),
    type: one(0, 1, 'recharge_screenshot', 'idcard', 2),
    acc: one('Zhang San', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'),
    acc_name: one('6222020200112233', 'trc20', 'erc20'),
    acc_bank: one('ICBC'),
    mark: one('note', ''),
    id: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(w.memberId)),
    begin_date: one('2025-06-01', '2025-05-01', '2026-01-01'),
    end_date: one('2025-06-01', '2025-06-30', '2024-01-01'),
    page: fc.integer({ min: 1, max: 3 }),
    limit: one(1, 10, 500),
    money: one('100', '10', '0.01', '100.00', '5000'),
    channel: one('usdt', 'bank'),
    screenshot: one(w.screenshot),
    securityCode: one('123456', '000000'),
    truename: one('张三', 'Nguyen Van A'),
    idcard_zheng: one(w.picture),
    idcard_fan: one(w.back, w.picture),
    otp: one('123456', '000000'),
    secret: one(TEST_TOTP_SECRET),
    role: one('support', 'finance', 'admin', 'moderator'),
    disabled: one(true, false),
    operator: one('admin'),
    action: one('deposit.approve', 'user.freeze'),
    target_type: one('deposit', 'user'),
    target_id: one('1', String(w.memberId)),
    status: one(0, 1, 2),
    reason: one('fuzz', '理由'),
    q: one(w.memberName, 'guest', '1'),
    frozen: one(true, false),
    amount: one('10.00', '1', '-5'),
    wallet: one('money', 'score'),
    enabled: one(true, false),
    open_from: one('09:00', ''),
    open_to: one('23:00', ''),
    title: one('Room', '房间'),
    min_limit: one('1', '10'),
    join_limit: one('0', '100'),
    game_id: one(7, 1, 2),
    usdt: one('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'),
    bankname: one('ICBC'),
    banknum: one('6222020200112233'),
    bankxm: one('Zhang San'),
    support_url: one('https://example.com/chat', ''),
    min_withdraw: one('100', '0'),
    version_label: one('v1'),
    plan_id: one(w.plans[0], ...w.plans.slice(1)),
    play_type: one('1,2', '0', [1, 2, 3], '27', 14),
    issue: one(w.issue),
    code: fc.stringMatching(/^[\w-]{43}$/),
    campaign_id: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...w.campaigns) }, { weight: 1, arbitrary: fc.constantFrom(0, 9_999) }),
  };
}

/**
 * One live campaign of each kind, made through the console's API (started an hour ago, open-ended),
 * so that the players' reward calls reach their real paths (progress, claims, refusals) rather than
 * "not found"; answers their ids and the admin who made them.
 */
async function liveCampaigns(app: FastifyInstance): Promise<{ ids: number[]; admin: string }> {
  const admin = await operatorWithRole(app, 'admin');
  const ids: number[] = [];
  for (const [kind, terms] of [
    ['rakeback', RAKEBACK_TERMS],
    ['first_deposit', BONUS_TERMS],
    ['check_in', CHECK_IN_TERMS],
  ] as const) {
    const res = await callApi(
      app,
      api.campaigns.campaignSave,
      {
        kind,
        title: { zh: '活动', tw: '活動', en: 'Campaign', vi: 'Chiến dịch' },
        terms_text: { zh: '规则', tw: '規則', en: 'Terms', vi: 'Điều khoản' },
        terms,
        starts_at: Math.floor(app.clock.now() / 1000),
        enabled: true,
      },
      { token: admin },
    );
    if (res.code !== 1) throw new Error(`seed campaign ${kind}: ${JSON.stringify(res)}`);
    ids.push(res.data.id as number);
  }
  return { ids, admin };
}

/** What openStream answers for a stream that opened and sent its first event. */
const STREAM_OPENED = '{"stream":"opened"}';

/** What is wrong with an answer, or null. */
export function answerProblem(route: FuzzTarget, status: number, contentType: string, body: string, ms: number): string | null {
  if (status >= 500) return `HTTP ${status}`;
  if (ms > STALL_MS) return `took ${ms.toFixed(0)} ms`;
  // A file's bytes (the OpenAPI document, also a file call, is checked below).
  if (route.kind === 'file' && route.url !== api.docs.openApi.path && status === 200) return null;
  // A download (a CSV export) answers its file, with the BOM; its refusals are envelopes (checked below).
  if (route.kind === 'download' && status === 200 && contentType.startsWith('text/csv')) return body.startsWith('\ufeff') ? null : 'a CSV without the BOM';
  if (!contentType.startsWith('application/json')) return `answered ${contentType || 'no content type'}, not JSON`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'the body is not an object';
  const a = parsed as Record<string, unknown>;
  // The health probes answer { status } to load balancers; their refusals are envelopes.
  if ((route.url === '/healthz' || route.url === '/readyz') && status < 400) return typeof a.status === 'string' ? null : 'no status';
  if (route.kind === 'stream' && status === 200 && body === STREAM_OPENED) return null;
  // The OpenAPI document is served bare, for tools that read it; its refusals are envelopes.
  if (route.url === api.docs.openApi.path && status < 400) return typeof a.openapi === 'string' ? null : 'no openapi version';
  if (typeof a.code !== 'number') return 'no numeric `code`';
  // user/userInfo answers its data in `msg` too (docs/product.md#the-calls); every other `msg` is a localised text.
  if (a.code === 1 && route.url === api.user.userInfo.path) {
    if (!a.msg || typeof a.msg !== 'object') return 'no `msg`';
  } else {
    if (typeof a.msg !== 'string' || a.msg === '') return 'no `msg`';
    if (/^err\.|^msg\.|FST_/.test(a.msg)) return `an untranslated message: ${a.msg}`;
  }
  if (typeof a.time !== 'number') return 'no `time`';
  if (a.code !== 1 && a.data !== null) return 'a refusal carrying data';
  if (a.code === 1 && status !== 200) return `success with HTTP ${status}`;
  return null;
}

/**
 * A declared field that got an array or object where its schema has no list, or text with a
 * character no field accepts (NUL and other controls, lone surrogates, bidirectional overrides),
 * never yields a success.
 */
export function acceptedWhatMustBeRefused(route: FuzzTarget, c: FuzzCase, body: string): string | null {
  const t = c.transport;
  if (t.kind !== 'json' && t.kind !== 'form' && t.kind !== 'query') return null;
  let code: unknown;
  try {
    code = (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return null;
  }
  if (code !== 1) return null;
  const declared = safeSchema(route.input).properties ?? {};
  for (const [key, field] of Object.entries(declared)) {
    if (!Object.prototype.hasOwnProperty.call(t.input, key)) continue;
    const value = t.input[key];
    const texts = Array.isArray(value) ? value : [value];
    for (const v of texts) {
      // (A form or query cannot carry a lone surrogate: formEncode sends invalid UTF-8 for it instead.)
      if (typeof v === 'string' && (t.kind === 'json' || encodable(v)) && hasForbiddenChars(v.trim(), true))
        return `accepted ${key} = ${JSON.stringify(v)} (a forbidden character)`;
    }
    // An object-typed field (a text in four languages: roomUpdate's title, articleTabSave's name) takes an object.
    if (t.kind === 'json' && value !== null && typeof value === 'object' && !acceptsList(field) && !acceptsObject(field)) {
      return `accepted ${key} = ${JSON.stringify(value).slice(0, 80)} where a scalar is meant`;
    }
  }
  return null;
}

const encodable = (v: string) => {
  try {
    encodeURIComponent(v);
    return true;
  } catch {
    return false;
  }
};

const acceptsObject = (field: FieldSchema): boolean => field.type === 'object' || [...(field.anyOf ?? []), ...(field.oneOf ?? [])].some(acceptsObject);

const acceptsList = (field: FieldSchema): boolean =>
  field.type === 'array' || (Array.isArray(field.type) && field.type.includes('array')) || [...(field.anyOf ?? []), ...(field.oneOf ?? [])].some(acceptsList);

/** A urlencoded form (arrays as repeated keys, objects as JSON text), as a browser or curl would send it. */
function formEncode(input: Record<string, unknown>): string {
  const parts: string[] = [];
  const enc = (s: string) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80';
    }
  };
  for (const [key, value] of Object.entries(input)) {
    const values = Array.isArray(value) ? value.slice(0, 50) : [value];
    for (const v of values) parts.push(`${enc(key)}=${enc(v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))}`);
  }
  return parts.join('&');
}

/** A well-formed multipart body of the input's fields, with a small PNG as `file` if asked. */
function multipartOf(input: Record<string, unknown>, withFile: boolean): { contentType: string; payload: Buffer } {
  const b = 'fuzzboundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(input)) {
    const text = value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${key.replace(/["\r\n]/g, '_')}"\r\n\r\n${text}\r\n`));
  }
  if (withFile) {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    parts.push(
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.concat(parts) };
}

function describeRequest(request: InjectOptions): string {
  const payload = request.payload;
  const body = Buffer.isBuffer(payload) ? `<${payload.length} bytes> ${payload.subarray(0, 300).toString('latin1')}` : String(payload ?? '');
  return `${request.method} ${String(request.url).slice(0, 300)} headers ${JSON.stringify(request.headers).slice(0, 300)} body ${JSON.stringify(body.slice(0, 400))}`;
}

/** Every access of the contract; each fuzz file takes some, together all of them. */
export const ALL_ACCESS: Access['who'][] = ['public', 'service', 'player', 'member', 'operator'];

/**
 * Requests that match no call: other methods on the API's paths, paths bent from the calls'
 * (case, trailing slash, encoded or doubled separators, traversal), and invented ones. They get a
 * 404 or 405 refusal in the envelope (HEAD: no body), never a 500 or a raw framework body.
 */
export async function fuzzStrays(world: FuzzWorld, targets: readonly FuzzTarget[], tally: RouteTally): Promise<void> {
  // Not the event streams: a stray that happens to be a valid stream request would never end (they are fuzzed over a socket).
  const paths = targets.filter((t) => t.kind !== 'stream').map((t) => t.url.replace(/:[A-Za-z_]+/, 'x'));
  const bend = fc.constantFrom(
    (p: string) => p.toUpperCase(),
    (p: string) => `${p}/`,
    (p: string) => p.replace('/api/', '/api//'),
    (p: string) => p.replace(/\//g, '%2F'),
    (p: string) => `${p}/..`,
    (p: string) => `${p}/%2e%2e/%2e%2e/etc/passwd`,
    (p: string) => `${p};jsessionid=1`,
    (p: string) => `${p}%00`,
    (p: string) => `${p}.json`,
    (p: string) => p,
  );
  const stray = fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    url: fc.oneof(
      fc.tuple(fc.constantFrom(...paths), bend).map(([p, f]) => f(p)),
      fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }).map((t) => `/api/${t.replace(/[#?]/g, '')}`),
    ),
    tail: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: rawQueries }),
  });
  await fc.assert(
    fc.asyncProperty(stray, async ({ method, url, tail }) => {
      const res = await world.app.inject({
        method: method as InjectOptions['method'],
        url: url + tail,
        headers: { 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
      });
      tally.inputs += 1;
      tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 200 && res.body.startsWith('{"code":1')) tally.succeeded += 1;
      const real = targets.some((t) => t.method === method && t.url === url);
      const problem =
        res.statusCode >= 500
          ? `HTTP ${res.statusCode}`
          : method === 'HEAD' || real
            ? null
            : answerProblem(
                { name: '(no call)', method, url, access: publicAccess, kind: 'json', input: undefined, bodyLimit: 0 },
                res.statusCode,
                String(res.headers['content-type'] ?? ''),
                res.body,
                0,
              );
      if (problem) throw new Error(`${method} ${url}${tail}: ${problem}\n  answer ${res.statusCode}: ${res.body.slice(0, 300)}`);
    }),
    { numRuns: RUNS_PER_ROUTE, seed: FUZZ_SEED },
  );
}

/**
 * A fuzz test file: every call of the contract whose access is one of `accesses` (and, with public,
 * the server's probes), RUNS_PER_ROUTE hostile inputs each, then reconcile and a health check, and
 * the counts printed.
 */
export function defineFuzzSuite(title: string, accesses: Access['who'][], opts: { strays?: boolean } = {}): void {
  describe(`fuzz: ${title}`, async () => {
    const world = await FuzzWorld.create();
    const targets = fuzzTargets(world.app);
    const mine = targets.filter((t) => accesses.includes(t.access.who));

    it('fuzzes every call of the contract, and the contract declares every route the server answers under /api/', () => {
      expect(mine.length).toBeGreaterThan(0);
      for (const t of targets) expect(ALL_ACCESS, t.name).toContain(t.access.who);
      // A route the contract does not declare would escape the fuzz files, which share out the contract's calls.
      const declared = new Set(callsOf(api).map((c) => `${c.method} ${c.path}`));
      const undeclared = world.app.apiRoutes
        .filter((r) => r.url.startsWith('/api/') && !declared.has(`${r.method} ${r.url}`))
        .map((r) => `${r.method} ${r.url}`);
      expect(undeclared).toEqual([]);
    });

    for (const target of mine) {
      const who = target.access.who === 'operator' && target.access.roles ? `operator: ${target.access.roles.join(', ')}` : target.access.who;
      it(`${target.name}, ${target.method} ${target.url} (${who}): ${RUNS_PER_ROUTE} hostile inputs, no 500, the envelope on every answer`, async () => {
        const tally = await world.fuzzRoute(target);
        expect(tally.inputs).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
        // A call's own cost (admin/gameConfig answers 110 kB) on a busy CI machine: each request is held to STALL_MS.
      }, 240_000);
    }

    if (opts.strays) {
      it(`requests that match no call (${RUNS_PER_ROUTE}): a refusal in the envelope`, async () => {
        const tally: RouteTally = { route: '(no call)', inputs: 0, statuses: new Map(), slowestMs: 0, totalMs: 0, succeeded: 0 };
        world.tallies.push(tally);
        await fuzzStrays(world, targets, tally);
      }, 240_000);
    }

    it('leaves the books reconciled and the server answering', async () => {
      expect(await world.reconcile()).toEqual([]);
      expect((await world.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      console.log(world.report(title));
      expect(world.tallies.length).toBe(mine.length + (opts.strays ? 1 : 0));
    });
  });
}
