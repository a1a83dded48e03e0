import { api } from '@lucky28/shared/api';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deriveDraw, walkChain } from '@lucky28/shared';
import golden from '@lucky28/shared/game/golden-vectors.json';
import { ChainSeedCache, newChainSecret, walkFrom } from '../../src/domain/game/chains.js';
import { roundAt, nextRoundAfter } from '../../src/domain/game/roundClock.js';
import { ensureRound } from '../../src/domain/game/rounds.js';
import { queryRows } from '../../src/db/query.js';
import { callApi } from '../helpers.js';
import { createGameApp, ROUND_MS } from './kit.js';

const sha256hex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('hash chain seeds on the server', () => {
  it('match the shared golden chain', () => {
    const cache = new ChainSeedCache();
    const chain = { id: 1, secret: golden.chain.c0, length: golden.chain.length };
    for (let k = 0; k <= golden.chain.length; k++) expect(cache.seedAt(chain, k)).toBe(golden.chain.links[k]);
    expect(walkFrom(golden.chain.c0, golden.chain.length)).toBe(golden.chain.terminalHash);
  });

  it('are right on both sides of every checkpoint', () => {
    const cache = new ChainSeedCache();
    const secret = '5a'.repeat(32);
    const chain = { id: 2, secret, length: 3000 };
    for (const k of [0, 1, 1023, 1024, 1025, 2047, 2048, 2999, 3000]) expect(cache.seedAt(chain, k)).toBe(walkChain(secret, k));
    expect(() => cache.seedAt(chain, 3001)).toThrow(RangeError);
  });

  it('are the same when walked in the background in slices, and when kept from the chain’s creation', async () => {
    const secret = '7c'.repeat(32);
    const chain = { id: 3, secret, length: 10_000 };
    const warmed = new ChainSeedCache();
    let pauses = 0;
    await warmed.warm(chain, async () => void pauses++);
    expect(warmed.has(3)).toBe(true);
    expect(pauses).toBe(2); // 10,001 links in slices of 4,096
    const created = newChainSecret(5000);
    const kept = new ChainSeedCache();
    kept.keep(4, created.checkpoints);
    for (const k of [0, 1023, 1024, 4999, 5000]) {
      expect(warmed.seedAt(chain, k * 2)).toBe(walkChain(secret, k * 2));
      expect(kept.seedAt({ id: 4, secret: created.secret, length: 5000 }, k)).toBe(walkChain(created.secret, k));
    }
    expect(walkFrom(created.secret, 5000)).toBe(created.terminalHash);
  });
});

describe('provably fair rounds (docs/design.md#games-rounds-and-provably-fair-draws)', async () => {
  const { app, clock } = await createGameApp();

  it("publishes each game's final hash before any round is played, and commits to each round before it opens", async () => {
    await app.game.init();
    const chainRes = await callApi(app, api.fair.chain, { game_id: 7 });
    expect(chainRes.code).toBe(1);
    expect(chainRes.data.terminal_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(chainRes.data.chains).toHaveLength(1);
    expect(chainRes.data.chains[0]!.used).toBe(0);

    await app.game.scheduler.tick();
    const now = roundAt(clock.now(), app.game.settings);
    const next = nextRoundAfter(now, app.game.settings);
    const first = await callApi(app, api.fair.round, { game_id: 7, issue: now.issue });
    expect(first.data.hash).toBe(chainRes.data.terminal_hash);
    expect(first.data.prev_hash).toBeNull();
    expect(first.data.seed).toBeNull();
    expect(first.data.numbers).toBeNull();
    // The next round's commitment is public a whole round before it opens.
    const upcoming = await callApi(app, api.fair.round, { game_id: 7, issue: next.issue });
    expect(upcoming.code).toBe(1);
    expect(upcoming.data.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(upcoming.data.prev_hash).toBe(first.data.hash);
    expect(upcoming.data.opens_at * 1000).toBeGreaterThan(clock.now());
  });

  it('reveals seeds that hash to the commitments, chain round to round, and recompute to the stored numbers', async () => {
    const issues: string[] = [];
    for (let i = 0; i < 4; i++) {
      issues.push(roundAt(clock.now(), app.game.settings).issue);
      clock.advance(ROUND_MS);
      await app.game.scheduler.tick();
    }
    const chain = (await callApi(app, api.fair.chain, { game_id: 7 })).data;
    let previous: { seed: string; hash: string } | undefined;
    for (const issue of issues) {
      const r = (await callApi(app, api.fair.round, { game_id: 7, issue })).data;
      expect(r.drawn).toBe(true);
      expect(r.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256hex(r.seed!)).toBe(r.hash);
      if (previous) {
        expect(r.hash).toBe(previous.seed);
        expect(r.prev_hash).toBe(previous.hash);
      } else {
        expect(r.hash).toBe(chain.terminal_hash);
      }
      const recomputed = deriveDraw(r.seed!, 7, issue);
      expect(r.numbers).toEqual(recomputed.numbers);
      expect(r.digits).toEqual(recomputed.digits);
      expect(r.total).toBe(recomputed.total);
      expect(r.numbers).toHaveLength(20);
      previous = { seed: r.seed!, hash: r.hash };
    }
    // Different games use different chains and so different results for the same issue.
    const other = (await callApi(app, api.fair.round, { game_id: 6, issue: issues[0]! })).data;
    expect(other.hash).not.toBe((await callApi(app, api.fair.round, { game_id: 7, issue: issues[0]! })).data.hash);
  });

  it('answers a clear error for an unknown round or game', async () => {
    expect((await callApi(app, api.fair.round, { game_id: 7, issue: '20000101001' })).msg).toBe('Round not found');
    expect((await callApi(app, api.fair.round, { game_id: 7, issue: 'x' })).code).toBe(0);
    expect((await callApi(app, api.fair.chain, { game_id: 3 })).msg).toBe('Game not found');
  });

  it('publishes the next chain before the current one runs out, and rounds continue on it', async () => {
    const engine = app.game;
    const chainsOf5 = () =>
      queryRows<{ id: number; used: number; length: number; terminal_hash: string }>(
        app.db,
        sql`select id, used, length, terminal_hash from hash_chains where game_id = 5 order by id`,
      );
    let timing = roundAt(clock.now() + 10 * ROUND_MS, engine.settings);
    const created = [];
    let remainingWhenPublished: number | undefined;
    for (let i = 0; i < 70; i++) {
      const { round } = await app.db.transaction((tx) => ensureRound(tx, 5, timing, engine.seeds, { ...engine.chain, now: clock.now() }));
      created.push(round);
      timing = nextRoundAfter(timing, engine.settings);
      const chains = await chainsOf5();
      if (remainingWhenPublished === undefined && chains.length === 2) {
        remainingWhenPublished = Number(chains[0]!.length) - Number(chains[0]!.used);
      }
    }
    // Published when `spare` links were left, just before the round that took one of them.
    expect(remainingWhenPublished).toBe(engine.chain.spare - 1);
    const [firstChain, secondChain] = await chainsOf5();
    if (!firstChain || !secondChain) throw new Error('expected two chains');
    expect(Number(firstChain.used)).toBe(64);
    const firstOnSecond = created.findIndex((r) => r.chainId === Number(secondChain.id));
    expect(firstOnSecond).toBeGreaterThan(0);
    expect(created[firstOnSecond - 1]!.chainIndex).toBe(0);
    expect(created[firstOnSecond]!.hash).toBe(secondChain.terminal_hash);
    expect(created[firstOnSecond]!.chainIndex).toBe(63);
    // Within a chain, each round takes the next link down.
    for (let i = 1; i < created.length; i++) {
      const a = created[i - 1]!;
      const b = created[i]!;
      if (a.chainId === b.chainId) expect(b.chainIndex).toBe(a.chainIndex - 1);
    }
  });
});
