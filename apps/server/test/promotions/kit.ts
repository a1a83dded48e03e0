/** Shared set-up for the red packet tests: the rewards app (manual clock, games, the operator 'admin'), a funded budget and packets dropped through the console's API. */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { callApi } from '../helpers.js';
import type { RewardsApp } from '../rewards/kit.js';

/** Room 1 of game 7, the room the tests drop packets into. */
export const roomOf = (app: FastifyInstance) => [...app.game.snapshot.rooms.values()].find((x) => x.gameId === 7 && x.type === 0)!.id;

export async function topUp(r: Pick<RewardsApp, 'app' | 'admin'>, amount: string, note = 'test budget') {
  const res = await callApi(r.app, api.redPackets.budgetTopUp, { amount, note }, { token: r.admin });
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data;
}

export const dropRaw = (r: Pick<RewardsApp, 'app' | 'admin'>, input: Record<string, unknown>, lang = 'en') =>
  callApi(r.app, api.redPackets.packetDrop, { plan_id: roomOf(r.app), total: '10.00', shares: 5, wallet: 'cash', window_minutes: 30, ...input } as never, {
    token: r.admin,
    lang,
  });

export async function drop(r: Pick<RewardsApp, 'app' | 'admin'>, input: Record<string, unknown> = {}) {
  const res = await dropRaw(r, input);
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data;
}

export const claimShare = (app: FastifyInstance, token: string, packetId: number, lang = 'en') =>
  callApi(app, api.packets.packetClaim, { packet_id: packetId }, { token, lang });

export const fairPacket = (app: FastifyInstance, packetId: number) => callApi(app, api.fair.redPacket, { packet_id: packetId });

/** The player's type-13 rows. */
export async function sharesPaidTo(app: FastifyInstance, userId: number) {
  return queryRows<{ wallet: string; quantity: string }>(
    app.db,
    sql`select wallet, quantity::text from ledger where user_id = ${userId} and type = 13 order by id`,
  );
}
