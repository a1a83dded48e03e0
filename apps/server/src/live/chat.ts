/**
 * The chat's live side (docs/chat.md): a message committed on this node goes to this node's live
 * streams at once and to the other nodes' within a moment (LISTEN/NOTIFY, events.ts, batched with the
 * bets); a message committed on another node arrives here the same way. The streams listen (`on`).
 * Nothing is kept: a viewer that missed a push (a reconnection, a lost listener) reads the messages
 * after its last id with chat.list.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChatLine } from '../domain/chat/messages.js';
import type { GameEvents } from './events.js';

export class ChatRelay {
  private listeners = new Set<(line: ChatLine) => void>();
  private unsubscribe: () => void;

  constructor(
    private events: GameEvents,
    private log: FastifyBaseLogger,
  ) {
    this.unsubscribe = events.onChat((line) => this.emit(line));
  }

  /** Adds a listener of every room's messages (this node's and the others'); returns the function that removes it. */
  on(listener: (line: ChatLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A message committed on this node: to this node's listeners now, to the other nodes' soon. */
  posted(line: ChatLine): void {
    this.emit(line);
    this.events.publishAfterCommit({ type: 'chat', message: line });
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private emit(line: ChatLine): void {
    for (const listener of this.listeners) {
      try {
        listener(line);
      } catch (err) {
        this.log.warn({ err }, 'a chat listener failed');
      }
    }
  }
}
