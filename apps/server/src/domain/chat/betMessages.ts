/**
 * The bet message of a slip placed from the chat (docs/chat.md#bet-by-message): one `bet` message per
 * slip, made from the committed orders (the masked nickname, each class, stake and order number),
 * never from the typed text. Written right after the bet commits by the request that placed it; a
 * retry of that request (its Idempotency-Key answers the stored bet) writes it only when it is still
 * missing — the attempt that placed the bet died before writing it — so there is one per slip, and
 * none for a refused bet (nothing committed, nothing to show).
 */
import { CHAT_TEXT_MAX, DEFAULT_API_LANG } from '@lucky28/shared';
import type { Db } from '../../db/client.js';
import { chatMessages } from '../../db/schema.js';
import { className, maskNickname, money } from '../../present.js';
import type { BetResult } from '../betting/request.js';
import type { StoredChatBet } from './betText.js';
import { chatLineOf, type ChatLine } from './messages.js';

/** The stored text: a summary in the operator's default language, for a client that does not read `bet`. */
function summaryOf(result: BetResult): string {
  const text = result.orders.map((o) => `${className(DEFAULT_API_LANG, o.playType)} ${money(o.amount)}`).join(' · ');
  const chars = [...text];
  return chars.length <= CHAT_TEXT_MAX ? text : `${chars.slice(0, CHAT_TEXT_MAX - 1).join('')}…`;
}

/**
 * Writes the bet message of a committed slip, unless it is already written: one statement, the
 * unique index on the slip's first order number (migration 0030) keeping two attempts at once to one.
 * Answers the new message, or null when it was there.
 */
export async function postBetMessage(db: Db, result: BetResult): Promise<ChatLine | null> {
  if (result.orders.length === 0) return null;
  const data: StoredChatBet = {
    game_id: result.gameId,
    issue: result.issue,
    orders: result.orders.map((o) => ({ order_no: o.orderNo, play_type: o.playType, amount: o.amount })),
  };
  const [row] = await db
    .insert(chatMessages)
    .values({
      roomId: result.roomId,
      userId: result.userId,
      kind: 'bet',
      nickname: maskNickname(result.nickname),
      text: summaryOf(result),
      data,
      createdAt: new Date(result.createdAt),
    })
    .onConflictDoNothing()
    .returning();
  return row ? chatLineOf(row) : null;
}
