import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { GameEvents, type GameEvent } from '../../src/domain/game/events.js';

const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
afterAll(() => database.close());

describe('bet events between nodes', () => {
  it('reach the other node all, in order, in NOTIFYs that fit PostgreSQL\'s payload limit', async () => {
    const received: GameEvent[] = [];
    const errors: unknown[] = [];
    const sender = new GameEvents(database, () => {}, (err) => errors.push(err));
    const listener = new GameEvents(database, (e) => received.push(e), (err) => errors.push(err));
    await sender.start();
    await listener.start();
    try {
      // Multi-byte nicknames: the limit counts bytes, not characters.
      const sent: GameEvent[] = Array.from({ length: 300 }, (_, i) => ({
        type: 'bet',
        gameId: 7,
        roomId: 1,
        issue: '20250601001',
        entries: [{ orderId: i + 1, userId: 1000 + i, nickname: `玩家幸运二八${i}`, playType: 1, amount: 1000, after: 90_00, createdAt: 1_700_000_000_000 + i }],
      }));
      for (const e of sent) sender.publishAfterCommit(e);
      await sender.flush();
      const deadline = Date.now() + 5000;
      while (received.length < sent.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(errors).toEqual([]);
      expect(received).toEqual(sent);
    } finally {
      await sender.stop();
      await listener.stop();
    }
  });
});
