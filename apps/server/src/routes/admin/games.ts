import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { gameConfigView, guardOdds, lockGame, lockRoom, overrideFromRows, scheduleGameChange, scheduleRoomChange } from '../../domain/game/operatorChanges.js';
import { currentRoundView, recentRounds } from '../../domain/game/monitor.js';
import { roundBetsPage } from '../../domain/users/directory.js';
import { promoteDueChanges } from '../../domain/game/config.js';
import type { Tx } from '../../db/client.js';
import { audited } from './audited.js';

/**
 * Games, rooms and odds, and the round monitor. Every operator reads; only admins change (finance
 * and support are refused). A change waits for the next round.
 */
export default async function adminGameRoutes(app: FastifyInstance) {
  /** The start of the next round: when a change made now takes effect. */
  const nextRound = (now: number) => app.game.currentRound(now).drawsAt;

  serve(app, api.admin.gameConfig, {}, async (request, reply) => {
    return reply.ok({ games: await gameConfigView(app.db, request.lang), next_round_at: Math.floor(nextRound(app.clock.now()) / 1000) });
  });

  /**
   * A change of a game or a room, in force from the next round: one transaction with its audit row
   * (before, after, from when) and the config event. `schedule` locks the row, writes the change as
   * pending and answers the row's values as they were.
   */
  async function changeFromNextRound(
    request: FastifyRequest,
    target: 'game' | 'room',
    id: number,
    after: object,
    schedule: (tx: Tx, from: number) => Promise<object>,
  ) {
    const from = await audited(app, request, async (tx, record, a) => {
      const starts = nextRound(a.at);
      // A change whose round has begun is in force: write it to the live columns before replacing `pending`.
      await promoteDueChanges(tx, a.at);
      const before = await schedule(tx, starts);
      await record({ action: `${target}.update`, targetType: target, targetId: id, detail: { before, after, from: Math.floor(starts / 1000) } });
      await app.game.events.publish(tx, { type: 'config' });
      return starts;
    });
    await app.game.reloadConfig();
    return { from: Math.floor(from / 1000) };
  }

  /** Open or close a game and set its opening hours ("HH:MM" in the operator's time zone; both empty = always). */
  serve(app, api.admin.gameUpdate, {}, async (request, reply) => {
    const body = request.body;
    const change = { enabled: body.enabled, open_from: body.open_from, open_to: body.open_to, exposure_cap: body.exposure_cap ?? 0 };
    const answer = await changeFromNextRound(request, 'game', body.id, change, async (tx, from) => {
      const before = await lockGame(tx, body.id);
      // Absent: the cap stays as it is.
      if (body.exposure_cap === null) change.exposure_cap = Number(before.exposure_cap);
      await scheduleGameChange(tx, body.id, change, from);
      return { enabled: before.enabled, open_from: before.open_from, open_to: before.open_to, exposure_cap: Number(before.exposure_cap) };
    });
    return reply.ok(answer, 'msg.next_round');
  });

  /** A room's titles, minimum stake, entry balance, availability and odds table; refused above 100 % RTP. */
  serve(app, api.admin.roomUpdate, {}, async (request, reply) => {
    const body = request.body;
    const override = overrideFromRows(body.odds, request.lang);
    guardOdds(override, request.lang);
    const change = {
      title: body.title.en,
      title_i18n: body.title,
      min_limit: body.min_limit,
      join_limit: body.join_limit,
      enabled: body.enabled,
      odds_override: override,
    };
    const answer = await changeFromNextRound(request, 'room', body.id, change, async (tx, from) => {
      const before = await lockRoom(tx, body.id);
      await scheduleRoomChange(tx, body.id, change, from);
      return {
        title_i18n: before.title_i18n ?? before.title,
        min_limit: Number(before.min_limit),
        join_limit: Number(before.join_limit),
        enabled: before.enabled,
        odds_override: before.odds_override,
      };
    });
    return reply.ok(answer, 'msg.next_round');
  });

  serve(app, api.admin.roundCurrent, {}, async (request, reply) => {
    const { game_id } = request.body;
    if (!app.game.snapshot.games.has(game_id)) throw new AppError('err.game_not_found', { field: 'game_id' });
    const exposureCap = app.game.snapshot.games.get(game_id)!.exposureCap;
    return reply.ok(await currentRoundView(app.db, game_id, app.game.currentRound(), request.lang, exposureCap));
  });

  serve(app, api.admin.roundList, {}, async (request, reply) => {
    const { game_id, issue, page, limit } = request.body;
    if (!app.game.snapshot.games.has(game_id)) throw new AppError('err.game_not_found', { field: 'game_id' });
    return reply.ok(await recentRounds(app.db, game_id, page, limit, issue));
  });

  /** Every bet of a round, oldest first, paged by key. */
  serve(app, api.admin.roundBets, {}, async (request, reply) => {
    const { round_id, after, limit } = request.body;
    const page = await roundBetsPage(await app.replicaReads.forReport(), round_id, { lang: request.lang, after, limit });
    if (!page) throw new AppError('err.round_not_found', { field: 'round_id' });
    return reply.ok(page);
  });
}
