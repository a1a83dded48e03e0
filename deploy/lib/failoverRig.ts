/**
 * What the failover drill (deploy/test-failover.ts) and its bench (deploy/bench-failover.ts) share: two
 * Lucky28 nodes on a database with HAProxy in front (deploy/haproxy.cfg), the players (funded, signed in,
 * ready to withdraw and to claim the day's check-in), the load generator's process
 * (deploy/lib/failoverLoad.ts), the write probe that measures the time without writes, and the count of
 * acknowledged bets, withdrawals and claims against the database.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { pgArray, queryRows } from '../../apps/server/src/db/query.js';
import { bindFirstPayAccount } from '../../apps/server/src/domain/accounts/payAccounts.js';
import { hashSecret } from '../../apps/server/src/domain/security/passwords.js';
import { makeBettingPlayers } from './bettingPlayers.js';
import type { LoadResult, LoadSettings } from './failoverLoad.js';
import type { MoneySettings } from './moneyPlayers.js';
import { sleep, startProc, waitReady, type Proc } from './services.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

// ---- two nodes behind HAProxy -------------------------------------------------------------------

export interface NodePairPorts {
  /** The nodes' HAProxy. */
  lb: number;
  a: number;
  b: number;
}

export interface NodePair {
  a: Proc;
  b: Proc;
  haproxy: Proc;
  /** The node processes' ids when started (a node restarted would have another). */
  pids: { a: number | undefined; b: number | undefined };
}

/**
 * Starts node a (it migrates and seeds the database), then node b, then HAProxy in front of them; each
 * process is pushed into `procs` as it starts (the caller stops them). `databaseUrl` is the primary
 * (or the single server); `readUrl` the replicas' port, if any.
 */
export async function startNodePair(opts: {
  dir: string;
  databaseUrl: string;
  readUrl?: string;
  ports: NodePairPorts;
  procs: Proc[];
  env?: Record<string, string>;
}): Promise<NodePair> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const startNode = (name: 'a' | 'b') => {
    const proc = startProc(
      `node ${name}`,
      process.execPath,
      ['--import', 'tsx', 'src/server.ts'],
      {
        HOST: '127.0.0.1',
        PORT: String(opts.ports[name]),
        DATABASE_URL: opts.databaseUrl,
        ...(opts.readUrl ? { DATABASE_READ_URL: opts.readUrl } : {}),
        TRUST_PROXY: '1',
        DATA_DIR: path.join(opts.dir, `node-${name}`),
        ROUND_SECONDS: '20',
        CLOSE_BEFORE_SECONDS: '3',
        DEMO_PASSWORD: `demo-${randomBytes(6).toString('hex')}`,
        OPERATOR_PASSWORD: `op-${randomBytes(8).toString('hex')}`,
        OPERATOR_SECRET_KEY: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        ...opts.env,
      },
      path.join(ROOT, 'apps/server'),
    );
    opts.procs.push(proc);
    return proc;
  };
  // One after the other: the first migrates and seeds the database.
  const a = startNode('a');
  await waitReady(`http://127.0.0.1:${opts.ports.a}`, a);
  const b = startNode('b');
  await waitReady(`http://127.0.0.1:${opts.ports.b}`, b);
  const haproxy = startProc(
    'haproxy (nodes)',
    'haproxy',
    ['-db', '-f', path.join(ROOT, 'deploy/haproxy.cfg')],
    { LB_BIND: `127.0.0.1:${opts.ports.lb}`, NODE_A: `127.0.0.1:${opts.ports.a}`, NODE_B: `127.0.0.1:${opts.ports.b}` },
    opts.dir,
  );
  opts.procs.push(haproxy);
  await waitReady(`http://127.0.0.1:${opts.ports.lb}`, haproxy);
  return { a, b, haproxy, pids: { a: a.child.pid, b: b.child.pid } };
}

/** The id of `gameId`'s first ordinary room (type 0), from the hall through HAProxy. */
export async function ordinaryRoom(lbPort: number, gameId: number): Promise<number> {
  const hall = (await (
    await fetch(`http://127.0.0.1:${lbPort}/api/Lottery/index`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game_id: gameId }),
    })
  ).json()) as { data: { gameList: { planList: { id: number; type: number }[] }[] } };
  return hall.data.gameList[0]!.planList.find((p) => p.type === 0)!.id;
}

// ---- the players ----------------------------------------------------------------------------------

export interface DrillPlayer {
  userId: number;
  token: string;
  address: string;
}

const SECURITY_CODE = '246810';

/**
 * The live check-in campaign (one a kind at a time: the one there, or one made now, straight in the
 * database as the console's campaignSave would), whose day-1 reward every new player can claim once today.
 */
export async function checkInCampaign(database: Database): Promise<number> {
  const [found] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from campaigns where kind = 'check_in' and enabled and starts_at <= now() and (ends_at is null or ends_at > now()) order by id limit 1`,
  );
  if (found) return Number(found.id);
  const words = (s: string) => JSON.stringify({ zh: s, tw: s, en: s, vi: s });
  const [made] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into campaigns (kind, title, terms_text, terms, starts_at, enabled)
        values ('check_in', ${words('Daily check-in')}::jsonb, ${words('One reward a day')}::jsonb,
                ${JSON.stringify({ rewards: [100, 200, 300, 400, 500, 600, 1000] })}::jsonb, now() - interval '1 minute', true)
        returning id`,
  );
  return Number(made!.id);
}

/**
 * `n` players (makeBettingPlayers: funded, signed in), each also ready to withdraw as the product asks
 * (an ID number, a bound bank card, a security code — set as user/profile, user/setPayInfo and
 * user/setSafety would, straight in the database), and the settings their withdrawals and claims use.
 */
export async function makeDrillPlayers(
  database: Database,
  n: number,
  memo: string,
  spreadMs: number,
): Promise<{ players: DrillPlayer[]; money: MoneySettings }> {
  const players = await makeBettingPlayers(database, n, memo);
  const ids = players.map((p) => String(p.userId));
  const hash = await hashSecret(SECURITY_CODE);
  await database.db.execute(sql`update users set idcard = '110101199003077774', security_code_hash = ${hash} where id = any(${pgArray(ids)}::int[])`);
  const now = Date.now();
  for (const p of players) {
    await database.db.transaction((tx) =>
      bindFirstPayAccount(tx, p.userId, { type: 0, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC' }, now),
    );
  }
  return { players, money: { campaignId: await checkInCampaign(database), securityCode: SECURITY_CODE, amount: '100', spreadMs } };
}

// ---- the load generator's process ------------------------------------------------------------------

export interface LoadProcess {
  child: ChildProcess;
  /** Stops the load and answers what it saw. */
  result: () => Promise<LoadResult>;
}

export function startLoad(settings: LoadSettings): LoadProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'deploy/lib/failoverLoad.ts')], {
    cwd: ROOT,
    env: { ...process.env, FAILOVER_LOAD: JSON.stringify(settings) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answered = new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (m) => {
      if (m !== 'started') resolve(m as LoadResult);
    });
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code}) before its answer`)));
  });
  answered.catch(() => {});
  return {
    child,
    result: () => {
      child.send('stop');
      return answered;
    },
  };
}

// ---- the write probe: a registration every quarter of a second through the nodes' HAProxy ----------

export interface ProbeAnswer {
  /** When it was sent, and when its answer came (or it failed). */
  sent: number;
  at: number;
  status: number;
  ok: boolean;
  retryAfter: boolean;
  error?: string;
}

export class WriteProbe {
  readonly answers: ProbeAnswer[] = [];
  private running = true;
  private loop: Promise<void> | undefined;
  private n = 0;

  constructor(private readonly lbPort: number) {}

  start(): void {
    this.loop = (async () => {
      while (this.running) {
        const t0 = Date.now();
        this.answers.push(await this.once());
        await sleep(Math.max(0, 250 - (Date.now() - t0)));
      }
    })();
  }

  private async once(): Promise<ProbeAnswer> {
    const i = this.n++;
    const sent = Date.now();
    const username = `fo${randomBytes(4).toString('hex')}`;
    try {
      const res = await fetch(`http://127.0.0.1:${this.lbPort}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` },
        body: JSON.stringify({ lang: 'en', username, password: 'failover-9', repassword: 'failover-9' }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => undefined)) as { code?: number } | undefined;
      return { sent, at: Date.now(), status: res.status, ok: res.status === 200 && body?.code === 1, retryAfter: res.headers.get('retry-after') !== null };
    } catch (err) {
      return { sent, at: Date.now(), status: 0, ok: false, retryAfter: false, error: (err as Error).message };
    }
  }

  /** The first answer at or after `t` that registered a player. */
  firstOkAfter(t: number): ProbeAnswer | undefined {
    return this.answers.find((a) => a.at >= t && a.ok);
  }

  /**
   * How long writes were refused: from the sending of the first probe (sent at `t` or later) that failed
   * to the answer of the first that succeeded after the last failure before `until`; 0 if none failed.
   */
  gapAfter(t: number, until: number): number {
    const window = this.answers.filter((a) => a.sent >= t && a.at <= until);
    const firstFail = window.findIndex((a) => !a.ok);
    if (firstFail < 0) return 0;
    let lastFail = firstFail;
    window.forEach((a, i) => {
      if (!a.ok) lastFail = i;
    });
    const back = window.slice(lastFail).find((a) => a.ok);
    return (back?.at ?? until) - window[firstFail]!.sent;
  }

  /** Answers that were neither a success nor a 503 with Retry-After (nor a 200 refusal). */
  broken(): ProbeAnswer[] {
    return this.answers.filter((x) => !x.ok && !(x.status === 503 && x.retryAfter) && !(x.status === 200));
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}

// ---- the books: what the load generator saw acknowledged, against the database ---------------------

export interface AcknowledgedCount {
  /** Acknowledged by the server (answered code 1), counted by the load generator. */
  acknowledged: number;
  /** Of those, found in the database. */
  found: number;
  /** What the database holds for the players (bets: orders; withdrawals: requests; claims: check-ins paid). */
  stored: number;
  /** Found more than once (a player with two withdrawals, or two claims of the day; an order number twice). */
  doubled: number;
}

export interface Acknowledged {
  bets: AcknowledgedCount;
  withdrawals: AcknowledgedCount;
  claims: AcknowledgedCount;
  /** Acknowledged but not in the database, all kinds: must be 0. */
  lost: number;
  doubled: number;
}

/**
 * Every bet (order number), withdrawal (its id) and claim (the player's check-in of the campaign, paid
 * by one ledger row of type 8) the load generator saw acknowledged, looked up in the database. Doubled:
 * a bet is one order (more orders than bets answered is a bet applied twice), a player sent one
 * withdrawal and one claim (two of either is one applied twice).
 */
export async function countAcknowledged(database: Database, result: LoadResult, players: DrillPlayer[], campaignId: number | undefined): Promise<Acknowledged> {
  const db = database.db;
  const userIds = players.map((p) => String(p.userId));
  const orderNumbers = result.orderNumbers;
  const [bets] = await queryRows<{ found: number; stored: number; doubled: number }>(
    db,
    sql`select
      (select count(distinct order_no)::int from orders where order_no = any(${pgArray(orderNumbers)}::text[])) as found,
      (select count(*)::int from orders where user_id = any(${pgArray(userIds)}::int[])) as stored,
      (select count(*)::int from (select order_no from orders where user_id = any(${pgArray(userIds)}::int[]) group by order_no having count(*) > 1) d) as doubled`,
  );
  const count: Acknowledged = {
    bets: {
      acknowledged: orderNumbers.length,
      found: bets!.found,
      stored: bets!.stored,
      doubled: bets!.doubled + Math.max(0, bets!.stored - orderNumbers.length),
    },
    withdrawals: { acknowledged: 0, found: 0, stored: 0, doubled: 0 },
    claims: { acknowledged: 0, found: 0, stored: 0, doubled: 0 },
    lost: 0,
    doubled: 0,
  };
  if (result.money) {
    const withdrawn = result.money.withdrawals;
    const claimed = result.money.claims;
    const ids = withdrawn.map((w) => String(w.id ?? 0));
    const [w] = await queryRows<{ found: number; stored: number; doubled: number }>(
      db,
      sql`select
        (select count(*)::int from withdrawals where id = any(${pgArray(ids)}::bigint[]) and user_id = any(${pgArray(userIds)}::int[])) as found,
        (select count(*)::int from withdrawals where user_id = any(${pgArray(userIds)}::int[])) as stored,
        (select count(*)::int from (select user_id from withdrawals where user_id = any(${pgArray(userIds)}::int[]) group by user_id having count(*) > 1) d) as doubled`,
    );
    const claimers = claimed.map((c) => String(players[c.player]!.userId));
    const [c] = await queryRows<{ found: number; stored: number; doubled: number }>(
      db,
      sql`select
        (select count(distinct user_id)::int from reward_claims where campaign_id = ${campaignId ?? 0} and user_id = any(${pgArray(claimers)}::int[])) as found,
        (select count(*)::int from reward_claims where campaign_id = ${campaignId ?? 0} and user_id = any(${pgArray(userIds)}::int[])) as stored,
        (select count(*)::int from (select user_id from ledger where type = 8 and user_id = any(${pgArray(userIds)}::int[]) group by user_id having count(*) > 1) d) as doubled`,
    );
    count.withdrawals = { acknowledged: withdrawn.length, found: w!.found, stored: w!.stored, doubled: w!.doubled };
    count.claims = { acknowledged: claimed.length, found: c!.found, stored: c!.stored, doubled: c!.doubled };
  }
  count.lost = [count.bets, count.withdrawals, count.claims].reduce((s, k) => s + (k.acknowledged - k.found), 0);
  count.doubled = [count.bets, count.withdrawals, count.claims].reduce((s, k) => s + k.doubled, 0);
  return count;
}

/**
 * The drill's and the bench's ports (FAILOVER_ETCD_PORT, _PG_PORT, _DB_LB_PORT, _APP_PORT; docs/testing.md):
 * etcd's client and peer, three members' PostgreSQL and Patroni REST ports, HAProxy's writes and reads.
 */
export function failoverPorts() {
  const port = (name: string, fallback: number) => Number(process.env[`FAILOVER_${name}`] ?? fallback);
  const ETCD = port('ETCD_PORT', 12379);
  const PG = port('PG_PORT', 15432);
  const DB_LB = port('DB_LB_PORT', 8110);
  const APP = port('APP_PORT', 8112);
  const PORTS = {
    etcdClient: ETCD,
    etcdPeer: ETCD + 1,
    members: [0, 1, 2].map((i) => ({ pg: PG + i, api: PG + 3 + i })),
    primary: DB_LB,
    replica: DB_LB + 1,
  };
  return { ETCD, PG, DB_LB, APP, PORTS };
}
