/**
 * SIGTERM drains the real server process (`src/server.ts`, http/drain.ts): /readyz answers 503 at once
 * while requests are still served, bets keep coming until the node stops accepting connections, every
 * bet answered as placed is committed (found after the stop), none is answered with a 5xx, a live stream
 * is told when to reconnect (`retry:`) before it ends, and the process exits by itself (code 0: the
 * 10-second forced exit answers 1) with its database closed.
 */
import { api } from '@lucky28/shared/api';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { createScratchDatabase, usingPostgres } from '../helpers.js';
import { postJson, startBettingServer } from '../serverProcess.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-drain-'));
const scratch = usingPostgres ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lucky28_drain') : undefined;
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

const GAME = 7;

/** A raw live stream: everything it received, and whether it ended. */
function openStream(url: string, query: string): Promise<{ text: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/Lottery/stream${query}`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let text = '';
      res.on('data', (d) => (text += String(d)));
      const ended = new Promise<void>((done) => res.once('close', () => done()));
      res.on('error', () => {});
      resolve({ text: () => text, ended });
    });
    req.on('error', reject);
  });
}

describe('SIGTERM', () => {
  it('drains the node: not ready at once, bets in flight committed, streams told to reconnect, a clean exit', { timeout: 300_000 }, async () => {
    const { server, token, plan } = await startBettingServer('drain', { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', SHUTDOWN_DRAIN_MS: '1500' }, GAME);
    const { url } = server;
    // Every bet of the test goes to one round: start in a round with time left, not in its last seconds
    // (betting closes 5 s before a 210-s round's draw; bets sent then are rightly refused as closed).
    let issue = '';
    for (;;) {
      const heart = await postJson(url, api.lottery.heart, { plan_id: plan, game_id: GAME });
      if (heart.data.issue.closeTime >= 30) {
        issue = heart.data.issue.issue as string;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const stream = await openStream(url, `?plan_id=${plan}&game_id=${GAME}`);

    // Four players' worth of bets, one after the other each, until the node stops taking connections.
    const answers: { status: number; code: number; msg: string }[] = [];
    let refusedConnections = 0;
    const bettor = async () => {
      for (;;) {
        try {
          const r = await postJson(
            url,
            api.lottery.playOrder,
            { issue, plan_id: plan, game_id: GAME, play_type: '1', money: '10' },
            { token, 'idempotency-key': randomUUID() },
          );
          answers.push({ status: r.status, code: r.code, msg: r.msg });
        } catch {
          refusedConnections++;
          return;
        }
      }
    };
    const bettors = Promise.all([bettor(), bettor(), bettor(), bettor()]);
    // A loaded host takes seconds for the first bets of a fresh child process.
    await expect.poll(() => answers.length, { timeout: 30_000 }).toBeGreaterThan(5);

    server.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 10_000 }).toBe(503);
    const placedWhileDraining = answers.length;
    await bettors;
    const code = await server.exited;
    await stream.ended;

    const out = server.output();
    expect(code, out).toBe(0);
    expect(out).toContain('draining: /readyz answers 503');
    expect(out).toContain('closed: requests in flight finished, database and Redis closed');
    expect(answers.length).toBeGreaterThan(placedWhileDraining); // bets went on while draining
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.code !== 1)).toEqual([]);
    expect(refusedConnections).toBe(4);
    expect(stream.text()).toMatch(/\nretry: \d+\n\n$/);

    const database = scratch ? await openPostgres(scratch.url, 2) : await openPglite(dataDir);
    try {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.username = 'demo'`,
      );
      expect(Number(row!.n)).toBe(answers.length);
      expect(await findDiscrepancies(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
