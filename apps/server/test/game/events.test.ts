import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { GameEvents, retryDelay, type GameEvent } from '../../src/live/events.js';
import { createScratchDatabase, openMigratedPglite } from '../helpers.js';

// A database of its own on PostgreSQL: notifications are per database, and other test runs use theirs.
const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'lucky28_ev') : undefined;
const database = scratch ? await openPostgres(scratch.url, 4) : await openMigratedPglite();
afterAll(async () => {
  await database.close();
  await scratch?.drop();
});

function betEvent(orderId: number): GameEvent {
  return {
    type: 'bet',
    gameId: 7,
    roomId: 1,
    issue: '20250601001',
    // Multi-byte nicknames: the limit counts bytes, not characters.
    entries: [
      { orderId, userId: 1000 + orderId, nickname: `玩家幸运二八${orderId}`, playType: 1, amount: 1000, after: 90_00, createdAt: 1_700_000_000_000 + orderId },
    ],
  };
}

async function waitFor(what: string, done: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A TCP relay to PostgreSQL that can go silent: `freeze()` stops passing bytes on the connections open
 * now, without closing them — a half-open path, as a dead network leaves it. New connections pass.
 */
async function silentableRelay(target: URL): Promise<{ url: string; freeze(): void; close(): Promise<void> }> {
  const open = new Set<{ client: net.Socket; server: net.Socket; frozen: boolean }>();
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server, frozen: false };
    open.add(pair);
    client.on('data', (d) => void (pair.frozen || server.write(d)));
    server.on('data', (d) => void (pair.frozen || client.write(d)));
    const end = () => {
      open.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('close', end).on('error', end);
    server.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze: () => {
      for (const pair of open) pair.frozen = true;
    },
    close: async () => {
      for (const pair of open) {
        pair.client.destroy();
        pair.server.destroy();
      }
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

describe('bet events between nodes', () => {
  it("reach the other node all, in order, in NOTIFYs that fit PostgreSQL's payload limit", async () => {
    const received: GameEvent[] = [];
    const errors: unknown[] = [];
    const sender = new GameEvents(database, { onEvent: () => {}, onError: (err) => errors.push(err) });
    const listener = new GameEvents(database, { onEvent: (e) => received.push(e), onError: (err) => errors.push(err) });
    await sender.start();
    await listener.start();
    try {
      const sent = Array.from({ length: 300 }, (_, i) => betEvent(i + 1));
      for (const e of sent) sender.publishAfterCommit(e);
      await sender.flush();
      await waitFor('every event', () => received.length >= sent.length);
      expect(errors).toEqual([]);
      expect(received).toEqual(sent);
    } finally {
      await sender.stop();
      await listener.stop();
    }
  });

  // Registered on PostgreSQL only: PGlite's listener is inside the process, with no connection that could go silent.
  if (database.kind === 'postgres')
    it('are heard again after the listening connection went silent (PostgreSQL only: a half-open socket is found by its ping)', async () => {
      const relay = await silentableRelay(new URL(scratch!.url));
      const behindRelay = await openPostgres(relay.url, 2);
      const received: GameEvent[] = [];
      const resynced: number[] = [];
      const sender = new GameEvents(database, { onEvent: () => {}, onError: () => {} });
      const listener = new GameEvents(behindRelay, {
        onEvent: (e) => received.push(e),
        onError: () => {},
        resync: async () => void resynced.push(Date.now()),
      });
      Object.assign(listener.timing, { pingMs: 200, pingTimeoutMs: 500 });
      try {
        await sender.start();
        await listener.start();
        const firstPid = listener.listenerPid;
        sender.publishAfterCommit(betEvent(1));
        await waitFor('the first event', () => received.length === 1);

        relay.freeze();
        await waitFor('the silent connection to be noticed and replaced', () => listener.listening && listener.listenerPid !== firstPid);
        expect(resynced).toHaveLength(1);
        sender.publishAfterCommit(betEvent(2));
        await waitFor('the event after the silence', () => received.length === 2);
        expect(received.map((e) => e.type === 'bet' && e.entries[0]!.orderId)).toEqual([1, 2]);
      } finally {
        await sender.stop();
        await listener.stop();
        await relay.close();
        await behindRelay.close();
      }
    });
});

describe('reconnection back-off', () => {
  it('doubles from the first delay up to the cap, each delay jittered within its upper half', () => {
    for (let i = 0; i < 50; i++) {
      const delays = [1, 2, 3, 4, 5, 6, 7, 40].map((attempt) => retryDelay(attempt, 250, 10_000));
      const ceilings = [250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000];
      delays.forEach((d, k) => {
        expect(d).toBeGreaterThanOrEqual(ceilings[k]! / 2);
        expect(d).toBeLessThanOrEqual(ceilings[k]!);
      });
    }
  });
});
