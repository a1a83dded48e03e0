import type { FastifyInstance } from 'fastify';
import { ACCEPTED_BETS_PAGE_MAX, api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { chainById, listChains } from '../../domain/game/chains.js';
import { commitmentAt, findRound } from '../../domain/game/rounds.js';
import { acceptedBetsPage } from '../../domain/game/acceptedBets.js';
import { claimsOf, findPacket } from '../../domain/promotions/packets.js';
import { presentPacket } from '../../domain/promotions/present.js';

const ALGORITHM =
  'seed = c(k), c(k+1) = SHA-256(c(k)); bytes = HMAC-SHA256(seed, "<game_id>:<issue>:<counter>") for counter 0,1,…; ' +
  'for i = 79..60: u32 big-endian, reject u32 >= 2^32 - 2^32 mod (i+1), j = u32 mod (i+1), swap pool[i], pool[j]; ' +
  'numbers = sorted pool[60..79]; digits = last digit of the sums of numbers 1-6, 7-13, 14-20; total = sum of digits';

/**
 * Provable fairness (docs/design.md#games-rounds-and-provably-fair-draws). `fair/round` shows a round's commitment before its draw and its
 * seed and result after; `hash` is SHA-256(seed) and `prev_hash` the previous round's commitment,
 * so SHA-256(hash) = prev_hash links the rounds up to the chain's published final hash.
 * `fair/chain` lists a game's chains with their final hashes (published when each chain is created).
 * Both read the replicas when there are (app.lagTolerantDb): public, and a drawn round or a published
 * chain never changes; a round drawn a moment ago may show as not yet drawn for that moment.
 */
export default async function fairRoutes(app: FastifyInstance) {
  serve(app, api.fair.round, {}, async (request, reply) => {
    const { game_id: gameId, issue } = request.query;
    const round = await findRound(app.lagTolerantDb, gameId, issue);
    if (!round) throw new AppError('err.round_not_found', { field: 'issue' });
    const chain = await chainById(app.lagTolerantDb, round.chainId);
    if (!chain) throw new AppError('err.round_not_found');
    // The previous round of the chain took link k+1; its commitment is c(k+2) (or cN itself).
    const prevIndex = round.chainIndex + 1;
    const prevHash = prevIndex < chain.length ? await commitmentAt(app.lagTolerantDb, chain.id, prevIndex) : null;
    const drawn = round.drawnAt !== null;
    return reply.ok({
      game_id: round.gameId,
      issue: round.issue,
      opens_at: Math.floor(round.opensAt / 1000),
      closes_at: Math.floor(round.closesAt / 1000),
      draws_at: Math.floor(round.drawsAt / 1000),
      drawn,
      seed: drawn ? round.seed : null,
      hash: round.hash,
      prev_hash: prevHash,
      numbers: drawn ? round.numbers : null,
      digits: drawn ? round.digits : null,
      total: drawn ? round.total : null,
      chain: { id: chain.id, index: round.chainIndex, length: chain.length, terminal_hash: chain.terminalHash },
      algorithm: ALGORITHM,
    });
  });

  serve(app, api.fair.chain, {}, async (request, reply) => {
    const gameId = request.query.game_id;
    if (!app.game.snapshot.games.has(gameId)) throw new AppError('err.game_not_found', { field: 'game_id' });
    const chains = await listChains(app.lagTolerantDb, gameId);
    const current = chains.find((c) => c.used < c.length) ?? chains[chains.length - 1] ?? null;
    return reply.ok({
      game_id: gameId,
      chain_id: current?.id ?? null,
      terminal_hash: current?.terminal_hash ?? null,
      chains,
    });
  });

  // A room's accepted-bets list of a round, page by page (docs/design.md#the-accepted-bets-list). From
  // the primary: a list is built once and never changes, but a replica may not have it yet.
  serve(app, api.fair.acceptedBets, {}, async (request, reply) => {
    const { plan_id: roomId, issue } = request.query;
    const page = request.query.page ?? 1;
    const limit = request.query.limit ?? ACCEPTED_BETS_PAGE_MAX;
    const room = app.game.snapshot.rooms.get(roomId);
    if (!room) throw new AppError('err.room_not_found', { field: 'plan_id' });
    const round = await findRound(app.db, room.gameId, issue);
    if (!round) throw new AppError('err.round_not_found', { field: 'issue' });
    const list = await acceptedBetsPage(app.db, { roundId: round.id, roomId, page, limit });
    return reply.ok({
      game_id: room.gameId,
      plan_id: roomId,
      issue: round.issue,
      built: list !== null,
      count: list?.count ?? null,
      hash: list?.hash ?? null,
      page,
      limit,
      rows: list?.rows ?? [],
    });
  });

  // A red packet for verification (docs/red-packets.md#checking-a-packet): the seed and the sequence once it is closed.
  serve(app, api.fair.redPacket, {}, async (request, reply) => {
    const packet = await findPacket(app.db, request.query.packet_id);
    if (!packet) throw new AppError('err.red_packet_not_found', { field: 'packet_id' });
    return reply.ok(presentPacket(packet, await claimsOf(app.db, packet.id), app.clock.now()));
  });
}
