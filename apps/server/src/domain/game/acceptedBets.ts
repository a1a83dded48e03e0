/**
 * The accepted-bets list of each room of a round (docs/design.md#the-accepted-bets-list): built once,
 * after betting has closed and the last bet in flight committed, from the orders in the database; its
 * count and SHA-256 (the canonical form of packages/shared/src/game/acceptedBets.ts) stored per room,
 * its rows kept with the nicknames masked as they were then, and read back page by page.
 *
 * Built under the game's draw lock (the node that gets it builds; the others find the lists built) and
 * with the round FOR UPDATE, which waits for every bet statement holding it FOR SHARE. The round is
 * then marked listed, and the bet statements refuse a listed round (oneStatementBet.ts, generalBet.ts),
 * so no bet is accepted that the list does not show.
 */
import { sql } from 'drizzle-orm';
import { acceptedBetsHash, formatMoney, maskNickname, type AcceptedBetRow } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { pgArray, queryRows } from '../../db/query.js';
import { inTransaction } from '../../db/transaction.js';
import { DRAW_LOCK } from './locks.js';

/** A room's list as published: how many bets, and the hash of their canonical form. */
export interface RoomList {
  roomId: number;
  count: number;
  hash: string;
}

/** Rows written per statement while a list is stored. */
const INSERT_BATCH = 5_000;

interface OrderRow {
  id: number | string;
  order_no: string;
  room_id: number | string;
  name: string;
  play_type: number | string;
  amount: number | string;
}

const listsOf = async (db: DbOrTx, roundId: number): Promise<RoomList[]> =>
  (
    await queryRows<{ room_id: number | string; bet_count: number | string; hash: string }>(
      db,
      sql`select room_id, bet_count, hash from round_room_lists where round_id = ${roundId} order by room_id`,
    )
  ).map((r) => ({ roomId: Number(r.room_id), count: Number(r.bet_count), hash: r.hash }));

/**
 * Builds the lists of a round for `roomIds` and for every room that has a bet in it, once betting has
 * closed (`now` at or after the close). Answers the lists (`built`: by this call), or null when
 * another node holds the game's draw lock right now (it is drawing or building: try again later) or
 * the round has not closed.
 */
export async function buildAcceptedBetsLists(
  db: Db,
  roundId: number,
  roomIds: readonly number[],
  now: number,
): Promise<{ built: boolean; lists: RoomList[] } | null> {
  return inTransaction(db, async (tx) => {
    const head = await queryRows<{ game_id: number | string }>(tx, sql`select game_id from rounds where id = ${roundId}`);
    if (!head[0]) return null;
    const gameId = Number(head[0].game_id);
    const locked = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${DRAW_LOCK}, ${gameId}) as ok`);
    if (!locked[0]?.ok) return null;
    const [round] = await queryRows<{ issue: string; closes_at: Date | string; listed: boolean }>(
      tx,
      sql`select issue, closes_at, bets_listed_at is not null as listed from rounds where id = ${roundId} for update`,
    );
    if (!round) return null;
    if (round.listed) return { built: false, lists: await listsOf(tx, roundId) };
    if (now < new Date(round.closes_at).getTime()) return null;

    const orders = await queryRows<OrderRow>(
      tx,
      sql`select o.id, o.order_no, o.room_id, coalesce(u.nickname, u.username) as name, o.play_type, o.amount
          from orders o join users u on u.id = o.user_id
          where o.round_id = ${roundId} order by o.id`,
    );
    const byRoom = new Map<number, { orderId: number; row: AcceptedBetRow }[]>(roomIds.map((id) => [id, []]));
    for (const o of orders) {
      const roomId = Number(o.room_id);
      const rows = byRoom.get(roomId) ?? [];
      rows.push({
        orderId: Number(o.id),
        row: { order_no: o.order_no, nickname: maskNickname(o.name), class: Number(o.play_type), amount: formatMoney(Number(o.amount)) },
      });
      byRoom.set(roomId, rows);
    }
    const lists: RoomList[] = [];
    for (const [roomId, rows] of [...byRoom].sort(([a], [b]) => a - b)) {
      const hash = acceptedBetsHash(
        { gameId, issue: round.issue, roomId },
        rows.map((r) => r.row),
      );
      lists.push({ roomId, count: rows.length, hash });
    }
    if (lists.length > 0) {
      await tx.execute(sql`
        insert into round_room_lists (round_id, room_id, bet_count, hash, created_at)
        select ${roundId}, * , ${new Date(now).toISOString()}::timestamptz from unnest(
          ${pgArray(lists.map((l) => l.roomId))}::int[], ${pgArray(lists.map((l) => l.count))}::int[], ${pgArray(lists.map((l) => l.hash))}::text[])`);
    }
    const flat = [...byRoom].flatMap(([roomId, rows]) => rows.map((r, i) => ({ roomId, seq: i + 1, orderId: r.orderId, nickname: r.row.nickname })));
    for (let i = 0; i < flat.length; i += INSERT_BATCH) {
      const part = flat.slice(i, i + INSERT_BATCH);
      await tx.execute(sql`
        insert into round_list_rows (round_id, room_id, seq, order_id, nickname)
        select ${roundId}, * from unnest(${pgArray(part.map((r) => r.roomId))}::int[], ${pgArray(part.map((r) => r.seq))}::int[],
          ${pgArray(part.map((r) => r.orderId))}::bigint[], ${pgArray(part.map((r) => r.nickname))}::text[])`);
    }
    await tx.execute(sql`update rounds set bets_listed_at = ${new Date(now).toISOString()} where id = ${roundId}`);
    return { built: true, lists };
  });
}

/** A page of a room's list (`page` from 1), with the list's count and hash; null while it is not built. */
export async function acceptedBetsPage(
  db: DbOrTx,
  query: { roundId: number; roomId: number; page: number; limit: number },
): Promise<{ count: number; hash: string; rows: AcceptedBetRow[] } | null> {
  const [list] = await queryRows<{ bet_count: number | string; hash: string }>(
    db,
    sql`select bet_count, hash from round_room_lists where round_id = ${query.roundId} and room_id = ${query.roomId}`,
  );
  if (!list) return null;
  const from = (query.page - 1) * query.limit;
  const rows = await queryRows<{ order_no: string; nickname: string; play_type: number | string; amount: number | string }>(
    db,
    sql`select o.order_no, l.nickname, o.play_type, o.amount
        from round_list_rows l join orders o on o.id = l.order_id
        where l.round_id = ${query.roundId} and l.room_id = ${query.roomId} and l.seq > ${from} and l.seq <= ${from + query.limit}
        order by l.seq`,
  );
  return {
    count: Number(list.bet_count),
    hash: list.hash,
    rows: rows.map((r) => ({ order_no: r.order_no, nickname: r.nickname, class: Number(r.play_type), amount: formatMoney(Number(r.amount)) })),
  };
}
