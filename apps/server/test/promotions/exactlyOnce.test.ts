/**
 * A red packet's shares are paid exactly once: 50 parallel claims of one player, 50 players racing for 10
 * shares, and claims spread over two server nodes on one database (on PostgreSQL each node with its own
 * pool, as two processes). The player's lock, the packet's lock and the claims' two unique keys leave one
 * share per player and one player per claim number, the shares being the split's in order.
 */
import { api } from '@lucky28/shared/api';
import { splitRedPacket, parseMoney } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { registerUser, callApi } from '../helpers.js';
import { checkLedgerInvariants } from '../game/kit.js';
import { startTwoNodes } from '../game/twoDatabases.js';
import { operatorLogin, OPERATOR_PASSWORD } from '../wallet/fixtures.js';
import { createRewardsApp } from '../rewards/kit.js';
import { claimShare, drop, topUp } from './kit.js';

const PARALLEL = 50;

const seedOf = async (app: Parameters<typeof claimShare>[0], packetId: number) =>
  (await queryRows<{ seed: string }>(app.db, sql`select seed from red_packets where id = ${packetId}`))[0]!.seed;

describe('exactly once under 50 parallel claims', () => {
  const ready = createRewardsApp();

  it('one player tapping 50 times at once gets one share', async () => {
    const r = await ready;
    await topUp(r, '100.00');
    const packet = await drop(r, { total: '20.00', shares: 4 });
    const p = await registerUser(r.app);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => claimShare(r.app, p.token, packet.id)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.code !== 1).map((a) => a.msg))).toEqual(new Set(['You already have your share of this red packet']));
    const [row] = await queryRows<{ n: number }>(r.app.db, sql`select count(*)::int as n from ledger where user_id = ${p.userId} and type = 13`);
    expect(Number(row!.n)).toBe(1);
    await checkLedgerInvariants(r.app.db);
  });

  it('50 players racing for 10 shares: ten are paid, in claim-number order the split of the seed, the others told it is empty', async () => {
    const r = await ready;
    const packet = await drop(r, { total: '33.33', shares: 10 });
    const players = await Promise.all(Array.from({ length: PARALLEL }, () => registerUser(r.app)));
    const answers = await Promise.all(players.map((p) => claimShare(r.app, p.token, packet.id)));
    const paid = answers.filter((a) => a.code === 1).sort((a, b) => a.data.claim_no - b.data.claim_no);
    expect(paid.map((a) => a.data.claim_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(paid.map((a) => parseMoney(a.data.share))).toEqual(splitRedPacket(await seedOf(r.app, packet.id), 3333, 10));
    expect(new Set(answers.filter((a) => a.code !== 1).map((a) => a.msg))).toEqual(new Set(['This red packet is empty: every share has been claimed']));
    await checkLedgerInvariants(r.app.db);
  });
});

describe('exactly once over two server nodes on one database', () => {
  it('claims sent to both nodes at once pay each share once', async () => {
    const { nodeA, nodeB, close } = await startTwoNodes('lucky28_rp2');
    afterAll(close);
    await seedDemoContent(nodeA.db, { operatorPassword: OPERATOR_PASSWORD, demoPassword: 'demo-pass-123' });
    await nodeA.game.reloadConfig();
    await nodeB.game.reloadConfig();
    const r = { app: nodeA, admin: await operatorLogin(nodeA) };
    await topUp(r, '10.00');
    const packet = await drop(r, { total: '10.00', shares: 6 });
    const players = await Promise.all(Array.from({ length: 12 }, () => registerUser(nodeA)));
    const nodes = [nodeA, nodeB];
    const answers = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        callApi(nodes[i % 2]!, api.packets.packetClaim, { packet_id: packet.id }, { token: players[i % 12]!.token, lang: 'en' }),
      ),
    );
    const paid = answers.filter((a) => a.code === 1);
    expect(paid.map((a) => a.data.claim_no).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(paid.map((a) => a.data.packet_id))).toEqual(new Set([packet.id]));
    const [row] = await queryRows<{ n: number; paid: string }>(
      nodeB.db,
      sql`select count(*)::int as n, coalesce(sum(quantity), 0)::text as paid from ledger where type = 13 and ref_type = 'red_packet_claim'`,
    );
    expect({ n: Number(row!.n), paid: Number(row!.paid) }).toEqual({ n: 6, paid: 1000 });
  });
});
