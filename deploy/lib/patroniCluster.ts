/**
 * A private PostgreSQL cluster under Patroni for the failover drill (deploy/test-failover.ts): one etcd,
 * three members each run by Patroni from the shipped deploy/patroni/patroni.yml (only addresses and
 * directories set through Patroni's environment variables), and HAProxy from the shipped
 * deploy/patroni/haproxy-postgres.cfg in front (a primary port and a replica port). Everything lives in
 * one temporary directory; nothing here touches a server it did not start.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresBin, postgresOwner, sleep, startProc, stopAll, type Proc } from './services.js';

const run = promisify(execFile);
const DEPLOY = path.resolve(import.meta.dirname, '..');
const PATRONI_CONFIG = path.join(DEPLOY, 'patroni/patroni.yml');
const HAPROXY_CONFIG = path.join(DEPLOY, 'patroni/haproxy-postgres.cfg');

/** One query session on `url`, closed afterwards; a connection lost meanwhile fails `fn`, never the process. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface PatroniPorts {
  etcdClient: number;
  etcdPeer: number;
  /** Each member's PostgreSQL and Patroni REST API. */
  members: { pg: number; api: number }[];
  /** HAProxy: the leader, and the replicas. */
  primary: number;
  replica: number;
}

/** A member as Patroni's REST API reports it (GET /cluster). */
export interface MemberState {
  name: string;
  role: 'leader' | 'sync_standby' | 'replica' | string;
  state: string;
  timeline?: number;
  lag?: number | string;
}

export class PatroniMember {
  proc: Proc | undefined;
  constructor(
    readonly name: string,
    readonly pgPort: number,
    readonly apiPort: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
    private readonly cwd: string,
  ) {}

  get alive(): boolean {
    return this.proc?.alive ?? false;
  }

  start(): void {
    this.proc = startProc(`patroni ${this.name}`, 'patroni', [PATRONI_CONFIG], this.env, this.cwd, postgresOwner());
  }

  /** The member's host lost: Patroni and PostgreSQL killed with SIGKILL, no goodbye to anyone. */
  async kill(): Promise<void> {
    const pidFile = path.join(this.dataDir, 'postmaster.pid');
    const postmaster = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : undefined;
    this.proc?.child.kill('SIGKILL');
    if (postmaster) {
      try {
        process.kill(postmaster, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    await this.proc?.exited;
    // The postmaster's children notice their parent gone and exit; wait for the port to be free.
    for (let i = 0; i < 100; i++) {
      const stillThere =
        postmaster !== undefined &&
        (await run('ps', ['--ppid', String(postmaster), '-o', 'pid=']).then(
          (r) => r.stdout.trim() !== '',
          () => false,
        ));
      if (!stillThere) break;
      await sleep(100);
    }
  }

  /** Patroni stopped as by systemd (SIGTERM: it stops PostgreSQL cleanly first). */
  async stop(): Promise<void> {
    if (this.proc) await stopAll([this.proc], 30_000);
  }

  output(): string {
    return this.proc?.out ?? '';
  }
}

export class PatroniCluster {
  private constructor(
    readonly dir: string,
    readonly ports: PatroniPorts,
    readonly members: PatroniMember[],
    private readonly etcd: Proc,
    private haproxy: Proc | undefined,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts etcd, the three members (the first bootstraps), and HAProxy; resolves once a leader and both standbys stream. */
  static async start(ports: PatroniPorts, log: (...args: unknown[]) => void): Promise<PatroniCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-failover-'));
    const owner = postgresOwner();
    if (owner) fs.chownSync(dir, owner.uid, owner.gid);
    const etcdHosts = `127.0.0.1:${ports.etcdClient}`;
    const etcdDir = path.join(dir, 'etcd');
    const etcd = startProc(
      'etcd',
      'etcd',
      [
        '--name=drill',
        `--data-dir=${etcdDir}`,
        `--listen-client-urls=http://${etcdHosts}`,
        `--advertise-client-urls=http://${etcdHosts}`,
        `--listen-peer-urls=http://127.0.0.1:${ports.etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${ports.etcdPeer}`,
        `--initial-cluster=drill=http://127.0.0.1:${ports.etcdPeer}`,
        '--listen-metrics-urls=',
      ],
      {},
      dir,
    );
    const env = { PATRONI_ETCD3_HOSTS: etcdHosts, PATRONI_LOG_LEVEL: 'INFO' };
    const cluster = new PatroniCluster(dir, ports, [], etcd, undefined, env);
    try {
      await cluster.until('etcd answering', async () => ((await fetch(`http://${etcdHosts}/health`).catch(() => undefined))?.ok ? true : undefined), 20_000);
      const bin = postgresBin();
      ports.members.forEach((p, i) => {
        const name = `pg${i + 1}`;
        const home = path.join(dir, name);
        fs.mkdirSync(home, { mode: 0o700 });
        if (owner) fs.chownSync(home, owner.uid, owner.gid);
        const dataDir = path.join(home, 'data');
        const memberEnv = {
          ...env,
          HOME: home,
          PATRONI_NAME: name,
          PATRONI_RESTAPI_LISTEN: `127.0.0.1:${p.api}`,
          PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${p.api}`,
          PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${p.pg}`,
          PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${p.pg}`,
          PATRONI_POSTGRESQL_DATA_DIR: dataDir,
          PATRONI_POSTGRESQL_BIN_DIR: bin,
          PATRONI_POSTGRESQL_PGPASS: path.join(home, 'pgpass'),
        };
        cluster.members.push(new PatroniMember(name, p.pg, p.api, dataDir, memberEnv, home));
      });
      // The first bootstraps the cluster; the others clone it (pg_basebackup) once it leads.
      cluster.members[0]!.start();
      await cluster.until('pg1 leading', async () => ((await cluster.leader()) === 'pg1' ? true : undefined), 60_000);
      for (const m of cluster.members.slice(1)) m.start();
      await cluster.until('both standbys streaming', async () => (await cluster.healthy()) ?? undefined, 90_000);
      cluster.startHaproxy();
      await cluster.until('HAProxy sending to the leader and a replica', () => cluster.portsServing(), 20_000);
      log(`Patroni cluster up: etcd :${ports.etcdClient}, members ${cluster.members.map((m) => `${m.name} :${m.pgPort} (API :${m.apiPort})`).join(', ')}`);
      return cluster;
    } catch (err) {
      await cluster.destroy(true);
      throw err;
    }
  }

  private startHaproxy(): void {
    const env: Record<string, string> = {
      PRIMARY_BIND: `127.0.0.1:${this.ports.primary}`,
      REPLICA_BIND: `127.0.0.1:${this.ports.replica}`,
    };
    this.members.forEach((m, i) => {
      env[`PG${i + 1}`] = `127.0.0.1:${m.pgPort}`;
      env[`API${i + 1}`] = String(m.apiPort);
    });
    this.haproxy = startProc('haproxy (postgres)', 'haproxy', ['-db', '-f', HAPROXY_CONFIG], env, this.dir);
  }

  /** Whether HAProxy's primary port reaches the leader and its replica port a standby (true), or undefined. */
  private async portsServing(): Promise<true | undefined> {
    for (const [url, recovery] of [
      [this.primaryUrl('postgres'), false],
      [this.replicaUrl('postgres'), true],
    ] as const) {
      const r = await withClient(url, async (c) => (await c.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0]!.r).catch(() => undefined);
      if (r !== recovery) return undefined;
    }
    return true;
  }

  /** postgres://postgres@127.0.0.1:<HAProxy's primary port>/<database> */
  primaryUrl(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.ports.primary}/${database}`;
  }

  replicaUrl(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.ports.replica}/${database}`;
  }

  member(name: string): PatroniMember {
    const m = this.members.find((x) => x.name === name);
    if (!m) throw new Error(`no member ${name}`);
    return m;
  }

  /** The members as any running member's REST API reports them, or undefined when none answers. */
  async state(): Promise<MemberState[] | undefined> {
    for (const m of this.members) {
      if (!m.alive) continue;
      try {
        const res = await fetch(`http://127.0.0.1:${m.apiPort}/cluster`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return ((await res.json()) as { members: MemberState[] }).members;
      } catch {
        /* the next one */
      }
    }
    return undefined;
  }

  async leader(): Promise<string | undefined> {
    return (await this.state())?.find((m) => m.role === 'leader' && m.state === 'running')?.name;
  }

  /** A leader running, and every other live member streaming from it (one of them synchronous): the members' state then. */
  async healthy(): Promise<MemberState[] | undefined> {
    const members = await this.state();
    if (!members) return undefined;
    const alive = this.members.filter((m) => m.alive).map((m) => m.name);
    const leader = members.find((m) => m.role === 'leader' && m.state === 'running');
    const standbys = members.filter((m) => m.role !== 'leader');
    const ok =
      leader !== undefined &&
      members.length === alive.length &&
      // Patroni 3.0 reports a replica as "running" (later versions: "streaming"); its lag only when it replicates.
      standbys.every((m) => (m.state === 'streaming' || m.state === 'running') && m.timeline === leader.timeline && typeof m.lag === 'number') &&
      (standbys.length === 0 || standbys.some((m) => m.role === 'sync_standby'));
    return ok ? members : undefined;
  }

  /** patronictl with this cluster's store (the shipped configuration file, etcd from the environment). */
  async patronictl(args: string[]): Promise<string> {
    const { stdout } = await run('patronictl', ['-c', PATRONI_CONFIG, ...args], { env: { ...process.env, ...this.env }, timeout: 60_000 });
    return stdout;
  }

  async until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await probe().catch(() => undefined);
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${this.tail()}`);
      await sleep(200);
    }
  }

  /** The last lines of every process's output (for a failure). */
  tail(): string {
    const procs = [this.etcd, this.haproxy, ...this.members.map((m) => m.proc)].filter((p): p is Proc => p !== undefined);
    return procs.map((p) => `--- ${p.name} ---\n${p.out.slice(-2500)}`).join('\n');
  }

  /** Writes each process's output into the directory, to keep it after a failure. */
  saveLogs(into: string): void {
    for (const p of [this.etcd, this.haproxy, ...this.members.map((m) => m.proc)]) {
      if (p) fs.writeFileSync(path.join(into, `${p.name.replace(/[^a-z0-9]+/gi, '-')}.log`), p.out);
    }
  }

  /** Stops everything: the members first (Patroni stops PostgreSQL), then HAProxy and etcd; removes the directory unless kept. */
  async destroy(keep = false): Promise<void> {
    await Promise.all(this.members.map((m) => m.stop().catch(() => {})));
    // A PostgreSQL left behind by a killed Patroni (none should be: kill() ends both).
    for (const m of this.members) {
      const pidFile = path.join(m.dataDir, 'postmaster.pid');
      if (fs.existsSync(pidFile)) {
        const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
        try {
          if (pid > 0) process.kill(pid, 'SIGQUIT');
        } catch {
          /* gone */
        }
      }
    }
    await stopAll(
      [this.haproxy, this.etcd].filter((p): p is Proc => p !== undefined),
      5_000,
    );
    if (!keep) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** One standby as the leader's pg_stat_replication shows it at one instant. */
export interface ReplicationSample {
  at: number;
  name: string;
  syncState: string;
  /** WAL the leader has written that the standby has not yet replayed (flushed), bytes. */
  replayBytes: number;
  flushBytes: number;
  /** PostgreSQL's own measure of the time a commit takes to be replayed / flushed there (null when idle). */
  replayMs: number | null;
  flushMs: number | null;
}

/**
 * Samples the leader's pg_stat_replication (through HAProxy's primary port) every `everyMs` until
 * stopped; a sample that cannot be taken (no leader in a failover) is skipped.
 */
export class ReplicationSampler {
  readonly samples: (ReplicationSample & { label: string })[] = [];
  private label: string | undefined;
  private loop: Promise<void> | undefined;
  private running = false;

  constructor(
    private readonly url: string,
    private readonly everyMs = 250,
  ) {}

  /** Starts sampling (or goes on) with the samples tagged `label`; undefined pauses it. */
  tag(label: string | undefined): void {
    this.label = label;
    if (this.loop || label === undefined) return;
    this.running = true;
    this.loop = (async () => {
      let connected: pg.Client | undefined;
      while (this.running) {
        const t0 = Date.now();
        if (this.label !== undefined) {
          try {
            connected ??= await connectNew(this.url);
            const { rows } = await connected.query<{
              name: string;
              sync_state: string;
              replay_bytes: string;
              flush_bytes: string;
              replay_ms: number | null;
              flush_ms: number | null;
            }>(
              `select application_name as name, sync_state,
                      pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint as replay_bytes,
                      pg_wal_lsn_diff(pg_current_wal_lsn(), flush_lsn)::bigint as flush_bytes,
                      extract(epoch from replay_lag)::float8 * 1000 as replay_ms,
                      extract(epoch from flush_lag)::float8 * 1000 as flush_ms
                 from pg_stat_replication where state = 'streaming'`,
            );
            const label = this.label;
            for (const r of rows) {
              this.samples.push({
                label,
                at: t0,
                name: r.name,
                syncState: r.sync_state,
                replayBytes: Number(r.replay_bytes),
                flushBytes: Number(r.flush_bytes),
                replayMs: r.replay_ms,
                flushMs: r.flush_ms,
              });
            }
          } catch {
            await connected?.end().catch(() => {});
            connected = undefined;
          }
        }
        await sleep(Math.max(0, this.everyMs - (Date.now() - t0)));
      }
      await connected?.end().catch(() => {});
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}

async function connectNew(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, statement_timeout: 2000 });
  client.on('error', () => {});
  await client.connect();
  return client;
}
