/**
 * A private Prometheus (Debian's `prometheus`) for a deploy test: it scrapes the nodes' metrics
 * listeners (METRICS_PORT) every second with the alert rules of deploy/prometheus/alerts.yml loaded,
 * from a temporary directory, and is asked through its HTTP API what it sees. Nothing here touches a
 * Prometheus it did not start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sleep, startProc, type Proc } from './services.js';

const RULES = path.resolve(import.meta.dirname, '../prometheus/alerts.yml');

export interface PrometheusRun {
  proc: Proc;
  url: string;
  /** The targets scraped, host:port. */
  targets: string[];
}

/** Starts Prometheus on 127.0.0.1:`port` scraping `targets` (job lucky28, as deploy/prometheus/prometheus.yml) with the alert rules. */
export async function startPrometheus(opts: { port: number; targets: string[]; dir: string }): Promise<PrometheusRun> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const config = path.join(opts.dir, 'prometheus.yml');
  fs.writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'rule_files:',
      `  - ${JSON.stringify(RULES)}`,
      'scrape_configs:',
      '  - job_name: lucky28',
      '    static_configs:',
      `      - targets: ${JSON.stringify(opts.targets)}`,
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const proc = startProc(
    'prometheus',
    'prometheus',
    [`--config.file=${config}`, `--storage.tsdb.path=${path.join(opts.dir, 'data')}`, `--web.listen-address=127.0.0.1:${opts.port}`],
    {},
    opts.dir,
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!proc.alive) throw new Error(`prometheus exited:\n${proc.out.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/-/ready`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`prometheus not ready in time:\n${proc.out.slice(-3000)}`);
    await sleep(250);
  }
  return { proc, url, targets: opts.targets };
}

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function query(run: PrometheusRun, expr: string): Promise<Sample[]> {
  const res = await fetch(`${run.url}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await res.json()) as { status: string; data?: { result: Sample[] }; error?: string };
  if (body.status !== 'success') throw new Error(`prometheus query ${expr}: ${body.error}`);
  return body.data!.result;
}

async function targetHealth(run: PrometheusRun): Promise<Record<string, string>> {
  const body = (await (await fetch(`${run.url}/api/v1/targets`)).json()) as {
    data: { activeTargets: { labels: Record<string, string>; health: string; lastError: string }[] };
  };
  return Object.fromEntries(body.data.activeTargets.map((t) => [t.labels.instance!, t.lastError ? `${t.health} (${t.lastError})` : t.health]));
}

/** Polls `probe` until it answers true, for at most `ms`. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
}

export interface PrometheusFindings {
  /** Each target's health as Prometheus reports it. */
  targets: Record<string, string>;
  /** `up{job="lucky28"}` per instance. */
  up: Record<string, number>;
  /** The node names (NODE_NAME) found in lucky28_node_info. */
  nodes: string[];
  /** `lucky28_redis_up` per instance. */
  redisUp: Record<string, number>;
  /** The bets the nodes counted (lucky28_bets_accepted_total, summed). */
  betsAccepted: number;
  /** Each alert rule loaded from alerts.yml with its evaluation health. */
  rules: Record<string, string>;
}

/**
 * What Prometheus sees of the nodes once every target is up (waiting up to `timeoutMs`) and, with
 * `minBets`, once the nodes' bet counters add up to at least that.
 */
export async function prometheusFindings(run: PrometheusRun, opts: { timeoutMs?: number; minBets?: number } = {}): Promise<PrometheusFindings> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  await within(timeoutMs, async () => {
    const health = await targetHealth(run);
    return run.targets.every((t) => health[t] === 'up');
  });
  await within(timeoutMs, async () => {
    const up = await query(run, 'up{job="lucky28"}');
    const bets = await query(run, 'sum(lucky28_bets_accepted_total)');
    const rules = (await (await fetch(`${run.url}/api/v1/rules`)).json()) as { data: { groups: { rules: { health: string }[] }[] } };
    const evaluated = rules.data.groups.every((g) => g.rules.every((r) => r.health === 'ok'));
    return evaluated && up.length === run.targets.length && Number(bets[0]?.value[1] ?? 0) >= (opts.minBets ?? 0);
  });
  const byInstance = (samples: Sample[]) => Object.fromEntries(samples.map((s) => [s.metric.instance!, Number(s.value[1])]));
  const rulesBody = (await (await fetch(`${run.url}/api/v1/rules`)).json()) as { data: { groups: { rules: { name: string; health: string }[] }[] } };
  return {
    targets: await targetHealth(run),
    up: byInstance(await query(run, 'up{job="lucky28"}')),
    nodes: (await query(run, 'lucky28_node_info')).map((s) => s.metric.node!).sort(),
    redisUp: byInstance(await query(run, 'lucky28_redis_up')),
    betsAccepted: Number((await query(run, 'sum(lucky28_bets_accepted_total)'))[0]?.value[1] ?? 0),
    rules: Object.fromEntries(rulesBody.data.groups.flatMap((g) => g.rules.map((r) => [r.name, r.health]))),
  };
}
