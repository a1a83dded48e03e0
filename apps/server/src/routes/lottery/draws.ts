import type { FastifyInstance } from 'fastify';
import { api, trendOf } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { className, drawExpression } from '../../present.js';
import type { DrawSummary } from '../../live/snapshot.js';

export const CANDLE_WINDOW = 5;

/**
 * Candles computed only from real draws. Candle i summarises the window of the last 5 draws ending
 * at draw i (fewer at the very start): open = the total of the window's first draw, close = draw
 * i's total, low / high = the smallest / largest total in the window. `cand` is
 * [open, close, low, high] (the order chart libraries such as ECharts take); `cand_code` is draw
 * i's total. Oldest first, so the chart reads left to right.
 */
export function candles(drawsOldestFirst: readonly DrawSummary[]) {
  return drawsOldestFirst.map((d, i) => {
    const window = drawsOldestFirst.slice(Math.max(0, i - CANDLE_WINDOW + 1), i + 1).map((w) => w.total);
    return {
      issue: d.issue,
      cand: [window[0]!, d.total, Math.min(...window), Math.max(...window)],
      cand_code: d.total,
    };
  });
}

/** Lottery/issueList (draws newest first with their trend tags) and Lottery/cand, from memory. */
export default async function drawRoutes(app: FastifyInstance) {
  const gameOf = (gameId: number) => {
    if (!app.game.snapshot.games.has(gameId)) throw new AppError('err.game_not_found', { field: 'game_id' });
    return gameId;
  };
  const limitOf = (limit: number | undefined, fallback: number) => Math.min(200, Math.max(1, limit ?? fallback));

  serve(app, api.lottery.issueList, {}, async (request, reply) => {
    const gameId = gameOf(request.body.game_id);
    const draws = app.game.snapshot.recentDraws(gameId).slice(0, limitOf(request.body.limit, 100));
    return reply.ok(
      draws.map((d) => {
        const t = trendOf(d.total);
        return {
          id: d.roundId,
          game_id: d.gameId,
          issue: d.issue,
          site_1: d.digits[0],
          site_2: d.digits[1],
          site_3: d.digits[2],
          code: d.total,
          base: [className(request.lang, t.size), className(request.lang, t.parity)],
          join: drawExpression(d.digits, d.total),
          trend: t,
          numbers: d.numbers,
          opentime: Math.floor(d.drawsAt / 1000),
        };
      }),
    );
  });

  serve(app, api.lottery.cand, {}, async (request, reply) => {
    const gameId = gameOf(request.body.game_id);
    const limit = limitOf(request.body.limit, 100);
    // Compute over a few extra draws so the first candles returned have full windows.
    const draws = app.game.snapshot
      .recentDraws(gameId)
      .slice(0, limit + CANDLE_WINDOW - 1)
      .reverse();
    return reply.ok(candles(draws).slice(-limit));
  });
}
