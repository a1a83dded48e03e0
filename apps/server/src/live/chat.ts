/**
 * The chat's live side (docs/chat.md): a message committed on this node goes to this node's live
 * streams at once and to the other nodes' within a moment (LISTEN/NOTIFY, events.ts, batched with the
 * bets); a message committed on another node arrives here the same way. So do a room's changed state
 * and a player's changed mute (docs/chat.md#live-room-state). The streams listen (`on`, `onState`).
 * Nothing is kept: a viewer that missed a push (a reconnection, a lost listener) reads the messages
 * after its last id, and the room's state with them, with chat.list.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChatLine } from '../domain/chat/messages.js';
import type { RoomStateEvent, ShownMute } from '../domain/chat/roomState.js';
import type { ChatEvent, GameEvents } from './events.js';

/** A change of who may post: a room's state, or one player's mute. */
export type ChatStateEvent = Exclude<ChatEvent, { type: 'chat' }>;

export class ChatRelay {
  private listeners = new Set<(event: ChatEvent) => void>();
  private unsubscribe: () => void;

  constructor(
    private events: GameEvents,
    private log: FastifyBaseLogger,
  ) {
    this.unsubscribe = events.onChat((event) => this.emit(event));
  }

  /** Adds a listener of every room's messages (this node's and the others'); returns the function that removes it. */
  on(listener: (line: ChatLine) => void): () => void {
    return this.listen((e) => {
      if (e.type === 'chat') listener(e.message);
    });
  }

  /** Adds a listener of every room's state changes and players' mutes; returns the function that removes it. */
  onState(listener: (event: ChatStateEvent) => void): () => void {
    return this.listen((e) => {
      if (e.type !== 'chat') listener(e);
    });
  }

  /** A message committed on this node: to this node's listeners now, to the other nodes' soon. */
  posted(line: ChatLine): void {
    this.send({ type: 'chat', message: line });
  }

  /** A room's state an operator changed (committed): to every node's viewers of the room. */
  roomChanged(room: RoomStateEvent): void {
    this.send({ type: 'chat_room', room });
  }

  /** A player's mute an operator set or lifted (committed): to that player's streams on every node. */
  muteChanged(userId: number, mute: ShownMute): void {
    this.send({ type: 'chat_mute', userId, mute });
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private listen(listener: (event: ChatEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private send(event: ChatEvent): void {
    this.emit(event);
    this.events.publishAfterCommit(event);
  }

  private emit(event: ChatEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log.warn({ err }, 'a chat listener failed');
      }
    }
  }
}
