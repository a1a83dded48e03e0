/**
 * Bet by message in the room's chat (docs/chat.md#bet-by-message). Pure: what a typed message becomes
 * (packages/shared's bet grammar, the one the server refuses bet-shaped chat with), the slip it asks to
 * confirm against the room's odds, and which bets of the heart's feed a bet message already shows.
 */
import { parseBetMessage } from '@lucky28/shared/game';
import { formatMoney, parseMoney, type Cents } from '@lucky28/shared/money';
import type { ChatBet, ChatMessage } from '@lucky28/shared/schemas';
import type { OddsClass } from '../../../lib/oddsClass';

/** One bet of a chat slip as the confirmation lists it. */
export interface ChatSlipLine {
  classId: number;
  name: string;
  /** Hundredths. */
  odds: number;
  stake: Cents;
}

/** A text to show the sender only: a key of the player app's texts, or (`api`) of the API catalogue. */
export interface PrivateText {
  key: string;
  params?: Record<string, string>;
  api?: boolean;
}

export type ChatInput = { kind: 'chat' } | { kind: 'slip'; lines: ChatSlipLine[]; total: Cents } | { kind: 'balance' } | { kind: 'private'; text: PrivateText };

/**
 * What the typed `text` becomes in a room offering `classes`: chat (posted), a slip to confirm, the
 * balance to show, or a private answer — a command's rule, the grammar's reason, or a bet the room
 * refuses before it is sent (a class it does not offer, a class given twice, a stake out of range).
 */
export function readChatInput(text: string, classes: readonly OddsClass[]): ChatInput {
  const read = parseBetMessage(text);
  if (read.kind === 'chat') return read;
  if (read.kind === 'refused') return { kind: 'private', text: { key: read.reason, params: { text: read.near }, api: true } };
  if (read.kind === 'command') {
    if (read.command === 'balance') return { kind: 'balance' };
    return { kind: 'private', text: { key: read.command === 'cancel' ? 'room.chat.cancelRule' : 'room.chat.noAllIn' } };
  }
  const byId = new Map(classes.map((c) => [c.classId, c]));
  const seen = new Set<number>();
  const lines: ChatSlipLine[] = [];
  for (const bet of read.bets) {
    const c = byId.get(bet.classId);
    if (!c) return { kind: 'private', text: { key: 'err.bet_class_invalid', api: true } };
    if (seen.has(bet.classId)) return { kind: 'private', text: { key: 'err.bet_class_repeated', api: true } };
    seen.add(bet.classId);
    if (bet.amountCents < c.minStake || bet.amountCents > c.maxStake) {
      return { kind: 'private', text: { key: 'room.stakeOutOfRange', params: { name: c.name, min: formatMoney(c.minStake), max: formatMoney(c.maxStake) } } };
    }
    lines.push({ classId: c.classId, name: c.name, odds: c.odds, stake: bet.amountCents });
  }
  return { kind: 'slip', lines, total: lines.reduce((sum, l) => sum + l.stake, 0) };
}

/** The balance once the slip is placed, "12.50"; null when the balance is unknown. */
export function balanceAfter(balance: string | null, total: Cents): string | null {
  const cents = balance === null ? null : parseMoney(balance);
  return cents === null ? null : formatMoney(cents - total);
}

/** What "follow" on a bet message opens the bet sheet with: its classes, at its stake (the smallest, when they differ). */
export function followOf(bet: ChatBet): { classIds: number[]; amount: string } {
  const cents = Math.min(...bet.orders.map((o) => parseMoney(o.quantity) ?? 0));
  return { classIds: bet.orders.map((o) => o.play_type), amount: formatMoney(cents).replace(/\.00$/, '') };
}

/** A bet of the heart's feed, as far as a bet message can be matched to it. */
export interface FeedBet {
  nickname: string;
  issue: string;
  play_type: number;
  quantity: string;
  createtime: number;
}

const betKey = (nickname: string, issue: string, playType: number, quantity: string, createtime: number) =>
  `${nickname}|${issue}|${playType}|${quantity}|${createtime}`;

/**
 * The feed's bets without the ones a bet message of the chat already shows (a slip placed from the
 * chat is in both): matched by masked nickname, round, class, stake and second, each order of a bet
 * message taking one feed entry at most. The heart's feed carries no order number; a panel bet
 * identical in all five to a chat bet's order is the only one this could hide.
 */
export function withoutChatBets<B>(bets: readonly B[], entryOf: (b: B) => FeedBet, chat: readonly ChatMessage[]): B[] {
  const shown = new Map<string, number>();
  for (const m of chat) {
    if (m.kind !== 'bet' || !m.bet || m.nickname === null) continue;
    for (const o of m.bet.orders) {
      const key = betKey(m.nickname, m.bet.issue, o.play_type, o.quantity, m.createtime);
      shown.set(key, (shown.get(key) ?? 0) + 1);
    }
  }
  if (shown.size === 0) return [...bets];
  return bets.filter((b) => {
    const e = entryOf(b);
    const key = betKey(e.nickname, e.issue, e.play_type, e.quantity, e.createtime);
    const left = shown.get(key) ?? 0;
    if (left === 0) return true;
    shown.set(key, left - 1);
    return false;
  });
}
