/**
 * The chat's side of bet-by-message (docs/chat.md#bet-by-message) that needs no database: a text the
 * bet grammar reads as a bet, a command or a wrong bet is never stored as a player's message, and a
 * bet message's stored data as the wire shows it.
 */
import { parseBetMessage, type ChatBet } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { money } from '../../present.js';

/** What `chat_messages.data` holds for a `bet` message: the committed orders, in cents. */
export interface StoredChatBet {
  game_id: number;
  issue: string;
  orders: { order_no: string; play_type: number; amount: number }[];
}

/**
 * Refuses a text the grammar does not read as chat (packages/shared/src/game/betGrammar.ts, the one
 * the player app reads the input with): bets are confirmed and placed, never posted as text;
 * commands and wrong bets are answered to the sender only.
 */
export function refuseBetText(text: string): void {
  const read = parseBetMessage(text);
  if (read.kind === 'bets') throw new AppError('err.chat_text_is_bet', { field: 'text' });
  if (read.kind === 'command') throw new AppError('err.chat_text_is_command', { field: 'text' });
  if (read.kind === 'refused') throw new AppError(read.reason, { field: 'text', params: { text: read.near } });
}

/** A bet message's data as the wire shows it; null for any other message. */
export function presentChatBet(data: unknown): ChatBet | null {
  const bet = data as StoredChatBet | null;
  if (!bet?.orders) return null;
  return {
    game_id: bet.game_id,
    issue: bet.issue,
    quantity: money(bet.orders.reduce((sum, o) => sum + o.amount, 0)),
    orders: bet.orders.map((o) => ({ order_no: o.order_no, play_type: o.play_type, quantity: money(o.amount) })),
  };
}
