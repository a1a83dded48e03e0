import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  configChangeData,
  gameConfigData,
  gameIdSchema,
  gameUpdateSchema,
  noInput,
  roomUpdateSchema,
  roundCurrentData,
  roundListData,
  roundListSchema,
} from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { answers } from '../../http/answers.js';
import { audit } from '../../domain/operators/audit.js';
import {
  gameConfigView,
  guardOdds,
  lockGame,
  lockRoom,
  overrideFromRows,
  scheduleGameChange,
  scheduleRoomChange,
} from '../../domain/game/operatorChanges.js';
import { currentRoundView, recentRounds } from '../../domain/game/monitor.js';
import { promoteDueChanges } from '../../domain/game/config.js';

/**
 * Games, rooms and odds (issue 10 item 4) and the round monitor (item 5). Every operator reads;
 * only admins change (finance and support are refused). A change waits for the next round.
 */
export default async function adminGameRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const anyRole = app.requireOperator('finance', 'support');
  const admin = app.requireOperator();
  const actor = (request: FastifyRequest) => ({ operatorId: request.operator!.operatorId, ip: request.ip, at: app.clock.now() });
  /** The start of the next round: when a change made now takes effect. */
  const nextRound = (now: number) => app.game.currentRound(now).drawsAt;

  app.post('/api/admin/gameConfig', {
    preValidation: anyRole,
    schema: { body: noInput, response: answers(gameConfigData) },
  }, async (request, reply) => {
    return reply.ok({ games: await gameConfigView(app.db, request.lang), next_round_at: Math.floor(nextRound(app.clock.now()) / 1000) });
  });

  /** Open or close a game and set its opening hours ("HH:MM" in the operator's time zone; both empty = always). */
  app.post('/api/admin/gameUpdate', {
    preValidation: admin,
    schema: { body: gameUpdateSchema, response: answers(configChangeData) },
  }, async (request, reply) => {
    const body = request.body;
    const a = actor(request);
    const from = nextRound(a.at);
    const change = { enabled: body.enabled, open_from: body.open_from, open_to: body.open_to };
    await app.db.transaction(async (tx) => {
      // A change whose round has begun is in force: write it to the live columns before replacing `pending`.
      await promoteDueChanges(tx, a.at);
      const before = await lockGame(tx, body.id);
      await scheduleGameChange(tx, body.id, change, from);
      await audit(tx, {
        ...a,
        action: 'game.update',
        targetType: 'game',
        targetId: body.id,
        detail: { before: { enabled: before.enabled, open_from: before.open_from, open_to: before.open_to }, after: change, from: Math.floor(from / 1000) },
      });
      await app.game.events.publish(tx, { type: 'config' });
    });
    await app.game.reloadConfig();
    return reply.ok({ from: Math.floor(from / 1000) }, 'msg.next_round');
  });

  /** A room's titles, minimum stake, entry balance, availability and odds table; refused above 100 % RTP. */
  app.post('/api/admin/roomUpdate', {
    preValidation: admin,
    schema: { body: roomUpdateSchema, response: answers(configChangeData) },
  }, async (request, reply) => {
    const body = request.body;
    const override = overrideFromRows(body.odds, request.lang);
    guardOdds(override, request.lang);
    const a = actor(request);
    const from = nextRound(a.at);
    const change = {
      title: body.title.en,
      title_i18n: body.title,
      min_limit: body.min_limit,
      join_limit: body.join_limit,
      enabled: body.enabled,
      odds_override: override,
    };
    await app.db.transaction(async (tx) => {
      await promoteDueChanges(tx, a.at);
      const before = await lockRoom(tx, body.id);
      await scheduleRoomChange(tx, body.id, change, from);
      await audit(tx, {
        ...a,
        action: 'room.update',
        targetType: 'room',
        targetId: body.id,
        detail: {
          before: {
            title_i18n: before.title_i18n ?? before.title,
            min_limit: Number(before.min_limit),
            join_limit: Number(before.join_limit),
            enabled: before.enabled,
            odds_override: before.odds_override,
          },
          after: change,
          from: Math.floor(from / 1000),
        },
      });
      await app.game.events.publish(tx, { type: 'config' });
    });
    await app.game.reloadConfig();
    return reply.ok({ from: Math.floor(from / 1000) }, 'msg.next_round');
  });

  app.post('/api/admin/roundCurrent', {
    preValidation: anyRole,
    schema: { body: gameIdSchema, response: answers(roundCurrentData) },
  }, async (request, reply) => {
    const { game_id } = request.body;
    if (!app.game.snapshot.games.has(game_id)) throw new AppError('err.game_not_found', { field: 'game_id' });
    return reply.ok(await currentRoundView(app.db, game_id, app.game.currentRound(), request.lang));
  });

  app.post('/api/admin/roundList', {
    preValidation: anyRole,
    schema: { body: roundListSchema, response: answers(roundListData) },
  }, async (request, reply) => {
    const { game_id, page, limit } = request.body;
    if (!app.game.snapshot.games.has(game_id)) throw new AppError('err.game_not_found', { field: 'game_id' });
    return reply.ok(await recentRounds(app.db, game_id, page, limit));
  });
}
