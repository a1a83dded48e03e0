/**
 * The round's rhythm in each room's chat (docs/chat.md#the-rounds-posts), posted by the system: a
 * warning 60 s and 10 s before the close, "closed", the room's accepted-bets list (count and SHA-256),
 * the draw and the room's winners. A post stores its message key and parameters (`data`), so each
 * viewer reads it in their own language, and keeps the English as its text. Each is stored once per
 * room whichever node posts it: `data.post` is `<round id>:<step>`, unique per room (migration 0025).
 */
import { sql } from 'drizzle-orm';
import { BetClass, CHAT_TEXT_MAX, formatMoney, maskNickname, translate, type ChatSystemPost, type Digits, type MessageKey } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { chatMessages } from '../../db/schema.js';
import { className } from '../../present.js';
import { winningClasses } from '../game/drawAndSettle.js';
import type { RoomList } from '../game/acceptedBets.js';
import { chatLineOf, type ChatLine } from './messages.js';

/** The posts of a round, in the order they come. */
export const ROUND_STEPS = ['warn60', 'warn10', 'closed', 'list', 'draw', 'winners'] as const;
export type RoundStep = (typeof ROUND_STEPS)[number];

/** The warnings: how long before the close each is posted. */
export const WARNINGS: Partial<Record<RoundStep, number>> = { warn60: 60_000, warn10: 10_000 };

/** The winners a post names at most (by payout); it says how many there were in all. */
export const WINNERS_SHOWN = 5;

/** The classes a draw post names as its kind when they win (the combinations follow from them). */
const DRAW_TAGS: readonly number[] = [
  BetClass.BIG,
  BetClass.SMALL,
  BetClass.ODD,
  BetClass.EVEN,
  BetClass.EXTREME_BIG,
  BetClass.EXTREME_SMALL,
  BetClass.TRIPLE,
  BetClass.STRAIGHT,
  BetClass.PAIR,
];

/** What one room's post says. */
type Params = Record<string, string | number>;

const post = (key: MessageKey, params: Params): ChatSystemPost => ({ key, params });

export const warningPost = (issue: string, seconds: number) => post('chat.round.closing', { issue, seconds });
export const closedPost = (issue: string) => post('chat.round.closed', { issue });
export const listPost = (gameId: number, issue: string, list: RoomList) =>
  post('chat.round.list', { game_id: gameId, issue, count: list.count, hash: list.hash });

/** The draw: its digits, total and the classes it makes win that name its kind (big, odd, pair…), as ids. */
export function drawPost(gameId: number, issue: string, digits: Digits, total: number): ChatSystemPost {
  const tags = winningClasses(digits).filter((id) => DRAW_TAGS.includes(id));
  return post('chat.round.draw', { game_id: gameId, issue, d1: digits[0], d2: digits[1], d3: digits[2], total, tags: tags.join(',') });
}

/** A room's real winners of the round: masked names and what each was paid, biggest first. */
export interface RoomWinner {
  nickname: string;
  payout: number;
}

export function winnersPost(issue: string, winners: RoomWinner[]): ChatSystemPost {
  if (winners.length === 0) return post('chat.round.no_winners', { issue });
  const named = winners
    .slice(0, WINNERS_SHOWN)
    .map((w) => `${w.nickname} ${formatMoney(w.payout)}`)
    .join(', ');
  return post('chat.round.winners', { issue, count: winners.length, winners: named });
}

/** The English text a post keeps beside its key (for a client that does not know the key), within the chat's limit. */
export const englishText = (p: ChatSystemPost): string => [...english(p)].slice(0, CHAT_TEXT_MAX).join('');

function english(p: ChatSystemPost): string {
  const { params } = p;
  // The warning's plural form follows its seconds ("1 second"); the list's its count.
  if (p.key === 'chat.round.closing') return translate('en', p.key, { ...params, count: Number(params.seconds) });
  if (p.key !== 'chat.round.draw') return translate('en', p.key, params);
  const tags = String(params.tags ?? '')
    .split(',')
    .filter(Boolean)
    .map((id) => className('en', Number(id)));
  return translate('en', p.key, { ...params, digits: `${params.d1} + ${params.d2} + ${params.d3}`, tags: tags.length ? `(${tags.join(', ')})` : '' });
}

/**
 * Each room's winners of a settled round: the players whose orders in the room hit, with the payout of
 * those orders, biggest first (every winner; the post names the first WINNERS_SHOWN).
 */
export async function roomWinners(db: DbOrTx, roundId: number, roomIds: readonly number[]): Promise<Map<number, RoomWinner[]>> {
  const rows = await queryRows<{ room_id: number | string; name: string; payout: number | string }>(
    db,
    sql`select o.room_id, coalesce(u.nickname, u.username) as name, sum(o.payout)::bigint as payout
        from orders o join users u on u.id = o.user_id
        where o.round_id = ${roundId} and o.status = 1 and o.whether_hit = 1
        group by o.room_id, o.user_id, u.nickname, u.username
        order by payout desc, o.user_id`,
  );
  const byRoom = new Map<number, RoomWinner[]>(roomIds.map((id) => [id, []]));
  for (const r of rows) byRoom.get(Number(r.room_id))?.push({ nickname: maskNickname(r.name), payout: Number(r.payout) });
  return byRoom;
}

/**
 * Stores a step's post in each room (one statement); answers the messages this call stored — a room
 * where the post already is (another node posted it) gets none.
 */
export async function storeRoundPosts(
  db: Db,
  input: { roundId: number; step: RoundStep; posts: { roomId: number; post: ChatSystemPost }[]; now: number },
): Promise<ChatLine[]> {
  if (input.posts.length === 0) return [];
  const createdAt = new Date(input.now);
  const rows = await db
    .insert(chatMessages)
    .values(
      input.posts.map(({ roomId, post: p }) => ({
        roomId,
        userId: null,
        kind: 'system',
        nickname: null,
        text: englishText(p),
        data: { ...p, post: `${input.roundId}:${input.step}` },
        createdAt,
      })),
    )
    .onConflictDoNothing()
    .returning();
  return rows.map(chatLineOf).sort((a, b) => a.id - b.id);
}
