/**
 * The Prometheus metrics, read as Prometheus reads them: `GET /metrics` on the node's own metrics
 * listener (METRICS_PORT), never on the public port. Each metric is seen to move when its event
 * happens — a bet accepted (and not again on its retry), a bet refused by its reason, a draw late
 * and then drawn, a deposit waiting, a live stream open, an operator's reconciliation — and every
 * label stays within a small fixed set (route patterns, err.* keys, game ids; no URL, no user).
 */
import { api } from '@lucky28/shared/api';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { zonedTimeToUtc } from '../../src/domain/time.js';
import { createTestApp, callApi } from '../helpers.js';
import { createWalletApp, operatorWithRole, readyToWithdraw, requestDeposit } from '../wallet/fixtures.js';

const clock = new ManualClock(zonedTimeToUtc(2025, 6, 1, 'Asia/Shanghai', 10, 0) + 5_000);
const { app } = await createWalletApp({ clock, config: { metricsPort: 0 } });
app.game.chain.length = 64;
app.game.chain.spare = 8;
await app.game.reloadConfig();
const room = [...app.game.snapshot.rooms.values()].find((r) => r.gameId === 7 && r.type === 0)!;

/** One sample of the exposition: name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function get(port: number, path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
      })
      .on('error', reject);
  });
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const res = await get(app.metricsAddress!.port, '/metrics');
  expect(res.status).toBe(200);
  expect(res.type).toContain('text/plain');
  return parse(res.body);
}

/** The value of one series (0 when absent: a counter not yet incremented). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const hit = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return hit?.value ?? 0;
}

const player = await readyToWithdraw(app, 100_000);
const bet = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  callApi(
    app,
    api.lottery.playOrder,
    { issue: roundAt(clock.now(), app.game.settings).issue, plan_id: room.id, game_id: 7, money: '10', ...body },
    { token: player.token, headers },
  );

describe('the metrics listener', () => {
  it('serves GET /metrics on its own port only: the public port does not know it', async () => {
    expect(app.metricsAddress?.address).toBe('127.0.0.1');
    const publicAnswer = await app.inject({ method: 'GET', url: '/metrics' });
    expect(publicAnswer.statusCode).toBe(404);
    expect(publicAnswer.body).not.toContain('lucky28_');
    expect((await get(app.metricsAddress!.port, '/other')).status).toBe(404);
    const samples = await scrape();
    // The process's own (prom-client's defaults) and the node's.
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(value(samples, 'lucky28_node_info', { node: app.config.nodeName })).toBe(1);
    // No Redis configured: no redis_up series at all (rather than a misleading 0).
    expect(samples.some((s) => s.name === 'lucky28_redis_up')).toBe(false);
  });

  it('reads METRICS_PORT and METRICS_HOST, and refuses a bad port or the public one', () => {
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.11' }).metricsHost).toBe('10.0.0.11');
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow('METRICS_PORT must be a port number');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be a port number');
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow('METRICS_PORT must differ from PORT');
  });

  it('is not opened without METRICS_PORT', async () => {
    const plain = await createTestApp();
    expect(plain.config.metricsPort).toBeUndefined();
    expect(plain.metricsAddress).toBeUndefined();
  });
});

describe('bets', () => {
  it('counts an accepted bet once (not again on its retry), its orders and its batch', async () => {
    const before = await scrape();
    const headers = { 'idempotency-key': 'metrics-bet-1' };
    expect((await bet({ play_type: '1,3' }, headers)).code).toBe(1);
    expect((await bet({ play_type: '1,3' }, headers)).code).toBe(1); // the retry, answered the same
    const after = await scrape();
    expect(value(after, 'lucky28_bets_accepted_total') - value(before, 'lucky28_bets_accepted_total')).toBe(1);
    expect(value(after, 'lucky28_bet_orders_accepted_total') - value(before, 'lucky28_bet_orders_accepted_total')).toBe(2);
    const statements = value(after, 'lucky28_bet_batch_size_bets_count') - value(before, 'lucky28_bet_batch_size_bets_count');
    expect(statements).toBeGreaterThanOrEqual(1);
    // Each statement's time (sent to answered) and its bets' wait, one observation per statement.
    expect(value(after, 'lucky28_bet_statement_duration_seconds_count') - value(before, 'lucky28_bet_statement_duration_seconds_count')).toBe(statements);
    expect(value(after, 'lucky28_bet_statement_duration_seconds_sum') - value(before, 'lucky28_bet_statement_duration_seconds_sum')).toBeGreaterThan(0);
    expect(value(after, 'lucky28_bet_queue_wait_seconds_count') - value(before, 'lucky28_bet_queue_wait_seconds_count')).toBe(statements);
    const answered = { method: 'POST', route: api.lottery.playOrder.path, status: '200' };
    expect(value(after, 'lucky28_http_requests_total', answered) - value(before, 'lucky28_http_requests_total', answered)).toBe(2);
    expect(value(after, 'lucky28_http_request_duration_seconds_count', { route: api.lottery.playOrder.path })).toBeGreaterThanOrEqual(2);
  });

  it('counts refusals by their err.* reason', async () => {
    const before = await scrape();
    expect((await bet({ play_type: '1,2', money: '2000' })).code).toBe(0); // more than the balance
    expect((await bet({ play_type: '1', plan_id: 999_999 })).code).toBe(0); // no such room
    expect((await bet({ play_type: '1', plan_id: 999_999 })).code).toBe(0);
    const after = await scrape();
    const refused = (reason: string) => value(after, 'lucky28_bets_refused_total', { reason }) - value(before, 'lucky28_bets_refused_total', { reason });
    expect(refused('err.insufficient_balance')).toBe(1);
    expect(refused('err.room_not_found')).toBe(2);
  });
});

describe('draws and settlement', () => {
  it('shows a draw overdue until it is drawn, then its lateness, duration and orders', async () => {
    expect((await bet({ play_type: '2' })).code).toBe(1);
    // 20 s after the draw time of the bets' round, before the scheduler has drawn it.
    await app.game.scheduler.tick();
    const timing = roundAt(clock.now(), app.game.settings);
    clock.set(timing.drawsAt + 20_000);
    const late = await scrape();
    expect(value(late, 'lucky28_draw_overdue_seconds', { game: '7' })).toBeGreaterThanOrEqual(20);
    const drawsBefore = value(late, 'lucky28_draw_lateness_seconds_count', { game: '7' });
    const over15Before = drawsBefore - value(late, 'lucky28_draw_lateness_seconds_bucket', { game: '7', le: '15' });

    await app.game.scheduler.tick();
    const drawn = await scrape();
    expect(value(drawn, 'lucky28_draw_overdue_seconds', { game: '7' })).toBe(0);
    expect(value(drawn, 'lucky28_draw_lateness_seconds_count', { game: '7' })).toBeGreaterThan(drawsBefore);
    // Drawn 20 s after its time: beyond the 15 s bucket the alert watches.
    const over15 =
      value(drawn, 'lucky28_draw_lateness_seconds_count', { game: '7' }) - value(drawn, 'lucky28_draw_lateness_seconds_bucket', { game: '7', le: '15' });
    expect(over15).toBeGreaterThan(over15Before);
    expect(value(drawn, 'lucky28_settlement_duration_seconds_count', { game: '7' })).toBeGreaterThanOrEqual(1);
    // The three orders placed above (classes 1, 3 and 2) were settled.
    expect(value(drawn, 'lucky28_settlement_orders_sum', { game: '7' })).toBeGreaterThanOrEqual(3);
    expect(value(drawn, 'lucky28_rounds_unsettled')).toBe(0);
  });
});

describe('operations', () => {
  it('shows a deposit waiting and its age, and the operators’ last reconciliation', async () => {
    const before = await scrape();
    await requestDeposit(app, player.token, '200');
    clock.advance(31 * 60_000);
    const waiting = await scrape();
    expect(value(waiting, 'lucky28_review_queue_pending', { queue: 'deposits' }) - value(before, 'lucky28_review_queue_pending', { queue: 'deposits' })).toBe(
      1,
    );
    expect(value(waiting, 'lucky28_review_queue_oldest_age_seconds', { queue: 'deposits' })).toBeGreaterThanOrEqual(31 * 60);
    expect(value(waiting, 'lucky28_review_queue_pending', { queue: 'withdrawals' })).toBe(0);
    expect(value(waiting, 'lucky28_review_queue_oldest_age_seconds', { queue: 'withdrawals' })).toBe(0);

    expect(value(waiting, 'lucky28_reconciliation_last_run_timestamp_seconds')).toBe(0); // none yet
    const finance = await operatorWithRole(app, 'finance');
    expect((await callApi(app, api.admin.reconcile, {}, { token: finance })).data.ok).toBe(true);
    const reconciled = await scrape();
    expect(value(reconciled, 'lucky28_reconciliation_last_run_timestamp_seconds')).toBe(Math.floor(clock.now() / 1000));
    const problems = reconciled.filter((s) => s.name === 'lucky28_reconciliation_problems');
    expect(problems.length).toBeGreaterThan(5);
    expect(problems.every((s) => s.value === 0)).toBe(true);
  });

  it('counts the open live streams', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const req = http.get({ host: '127.0.0.1', port, path: `/api/Lottery/stream?plan_id=${room.id}` });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => res.once('data', resolve));
    expect(value(await scrape(), 'lucky28_live_stream_viewers')).toBe(1);
    req.destroy();
    // The hub forgets the viewer when its connection closes.
    for (let i = 0; i < 100 && value(await scrape(), 'lucky28_live_stream_viewers') !== 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(value(await scrape(), 'lucky28_live_stream_viewers')).toBe(0);
  });

  it('keeps every label in a small fixed set: route patterns, never a URL or a user', async () => {
    await app.inject({ method: 'GET', url: `/api/no/such/${player.userId}` });
    await app.inject({ method: 'GET', url: '/random-page-12345?token=abc' });
    await callApi(app, api.user.orderDetail, { order_no: 'B-123-456' }, { token: player.token });
    const samples = await scrape();
    const requests = samples.filter((s) => s.name === 'lucky28_http_requests_total');
    expect(requests.some((s) => s.labels.route === 'unmatched')).toBe(true);
    // Every other route label is a route the app declares, by its pattern.
    for (const s of requests) {
      if (s.labels.route !== 'unmatched') expect(app.hasRoute({ method: s.labels.method as 'GET', url: s.labels.route! }), s.labels.route).toBe(true);
    }
    const text = samples.map((s) => JSON.stringify(s.labels)).join('\n');
    expect(text).not.toContain('random-page');
    expect(text).not.toContain('/api/no/such');
    expect(text).not.toContain('B-123-456');
    expect(text).not.toContain('token=');
    // Every label of the node's metrics is one of these, each with values from a small set.
    const bounded = new Set(['method', 'route', 'status', 'reason', 'game', 'state', 'kind', 'queue', 'invariant', 'node', 'version', 'le']);
    for (const s of samples.filter((x) => x.name.startsWith('lucky28_'))) {
      for (const k of Object.keys(s.labels)) expect(bounded.has(k), `${s.name} has a ${k} label`).toBe(true);
    }
    const games = samples.filter((s) => s.labels.game !== undefined).map((s) => Number(s.labels.game));
    for (const g of games) expect(app.game.snapshot.games.has(g)).toBe(true);
    const reasons = samples.filter((s) => s.name === 'lucky28_bets_refused_total').map((s) => s.labels.reason!);
    for (const r of reasons) expect(r).toMatch(/^err\.[a-z_]+$/);
  });
});
