/** Set-up for the player-protection tests: wallet (uploads, operators) and games on one manual clock. */
import { api } from '@lucky28/shared/api';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../src/clock.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { type TestAppOptions, callApi } from '../helpers.js';
import { createWalletApp } from '../wallet/fixtures.js';
import { seedGames, T0 } from '../game/kit.js';

export async function createProtectionApp(opts: TestAppOptions = {}) {
  const clock = new ManualClock(T0 + 5_000);
  const { app } = await createWalletApp({ ...opts, clock });
  await seedGames(app.db);
  app.game.chain.length = 512;
  app.game.chain.spare = 8;
  await app.game.reloadConfig();
  return { app, clock };
}

/** The room of the American 28's first tier. */
export function firstRoom(app: FastifyInstance): number {
  const room = [...app.game.snapshot.rooms.values()].find((r) => r.gameId === 7 && r.type === 0);
  if (!room) throw new Error('no room');
  return room.id;
}

/** A bet in the round open at the app's clock. */
export function betNow(app: FastifyInstance, token: string, money: string, playType = '1', lang = 'en') {
  const issue = roundAt(app.clock.now(), app.game.settings).issue;
  return callApi(app, api.lottery.playOrder, { game_id: 7, plan_id: firstRoom(app), issue, play_type: playType, money }, { token, lang });
}

/** Sets a limit; without an amount, removes it. */
export async function setLimit(app: FastifyInstance, token: string, kind: string, period: string, amount?: string) {
  return callApi(app, api.protection.setLimit, { kind, period, ...(amount === undefined ? { remove: 1 } : { amount }) }, { token });
}

/** Moves the clock on by `ms`, then on to a moment when betting is open (5 s into a round if it was closing). */
export function advanceToOpen(app: FastifyInstance, clock: ManualClock, ms: number) {
  clock.advance(ms);
  const round = roundAt(clock.now(), app.game.settings);
  if (clock.now() >= round.closesAt - 5_000) clock.set(round.drawsAt + 5_000);
}

let ipCounter = 0;
/** Signs in again (sessions end after 24 hours, and the tests move the clock by days). */
export async function signIn(app: FastifyInstance, user: { username: string; password: string }) {
  const res = await callApi(
    app,
    api.user.login,
    { account: user.username, password: user.password },
    { ip: `10.63.${ipCounter % 250}.${(ipCounter++ % 250) + 1}` },
  );
  return res;
}
export async function freshToken(app: FastifyInstance, user: { username: string; password: string }): Promise<string> {
  const res = await signIn(app, user);
  if (res.code !== 1) throw new Error(`login: ${JSON.stringify(res)}`);
  return res.data.userinfo.token as string;
}
