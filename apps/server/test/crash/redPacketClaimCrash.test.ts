/**
 * A crash halfway through a red packet claim pays nothing and loses nothing: the server process is killed
 * with SIGKILL while its claim transaction holds the claim, its type-13 row and the packet's counters,
 * uncommitted; the data shows none of them, and the real server started on the same data pays the share
 * once — claim number 1, the split's first share — however often it is asked again.
 *
 * Under `npm test` the data is a file-backed PGlite; with TEST_DATABASE_URL a scratch PostgreSQL database.
 */
import { api } from '@lucky28/shared/api';
import { splitRedPacket } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { callApi, registerUser } from '../helpers.js';
import { seedGames } from '../game/kit.js';
import { startServerProcess, type ServerProcess } from '../serverProcess.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { crashData, killInsideTransaction } from './crashKit.js';

const data = crashData('rpcrash');
const serverEnv = await data.serverEnv();

async function paymentsOf(database: Database, userId: number, packetId: number) {
  const [row] = await queryRows<{ claims: number; rows: number; money: string; claimed: number }>(
    database.db,
    sql`
    select (select count(*)::int from red_packet_claims where user_id = ${userId}) as claims,
      (select count(*)::int from ledger where user_id = ${userId} and type = 13) as rows,
      (select money::text from users where id = ${userId}) as money,
      (select claimed from red_packets where id = ${packetId}) as claimed`,
  );
  return { claims: Number(row!.claims), rows: Number(row!.rows), money: Number(row!.money), claimed: Number(row!.claimed) };
}

const claimAt = (server: ServerProcess, token: string, packetId: number) =>
  fetch(`${server.url}/api/rewards/packetClaim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ packet_id: packetId, lang: 'en' }),
  });

describe('a crash halfway through a red packet claim', () => {
  it('leaves nothing paid; the restarted server pays the first share once', { timeout: 600_000 }, async () => {
    // 1. A member and a packet of 10.00 u in 4 shares, dropped through the console's calls, on the data the server processes will use.
    let database = await data.open();
    const app = await buildApp({ config: { ...loadConfig({}), dataDir: data.dataDir, scheduler: false }, database, logger: false });
    await app.ready();
    await seedGames(app.db);
    await app.game.reloadConfig();
    const admin = await operatorWithRole(app, 'admin');
    expect((await callApi(app, api.redPackets.budgetTopUp, { amount: '10.00' }, { token: admin })).code).toBe(1);
    const room = [...app.game.snapshot.rooms.values()][0]!;
    const dropped = await callApi(
      app,
      api.redPackets.packetDrop,
      { plan_id: room.id, total: '10.00', shares: 4, wallet: 'cash', window_minutes: 60 },
      { token: admin },
    );
    expect(dropped.code, JSON.stringify(dropped)).toBe(1);
    const packetId = dropped.data.id;
    const player = await registerUser(app);
    await app.close();

    // 2. Killed inside the claim's transaction, with its rows written but not committed.
    await killInsideTransaction(serverEnv, {
      entry: 'test/crash/pausingPacketClaimServer.ts',
      paused: /PAUSED packet/,
      trigger: (server) => void claimAt(server, player.token, packetId).catch(() => {}),
    });
    database = await data.open();
    expect(await paymentsOf(database, player.userId, packetId)).toEqual({ claims: 0, rows: 0, money: 0, claimed: 0 });
    expect(await findDiscrepancies(database.db)).toEqual([]);
    await database.close();

    // 3. The real server on the same data: the claim (asked three times) is paid once, the first share of the split.
    const server = await startServerProcess(serverEnv);
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await (await claimAt(server, player.token, packetId)).json()) as { code: number; msg: string });
      expect(answers.map((a) => a.code)).toEqual([1, 0, 0]);
      expect(answers[1]!.msg).toBe('You already have your share of this red packet');
    } finally {
      await server.stop('SIGTERM');
    }
    database = await data.open();
    try {
      const [packet] = await queryRows<{ seed: string }>(database.db, sql`select seed from red_packets where id = ${packetId}`);
      const first = splitRedPacket(packet!.seed, 1000, 4)[0]!;
      expect(await paymentsOf(database, player.userId, packetId)).toEqual({ claims: 1, rows: 1, money: first, claimed: 1 });
      expect(await findDiscrepancies(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
