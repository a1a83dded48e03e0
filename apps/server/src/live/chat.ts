/**
 * The chat's live side (docs/chat.md): a message committed on this node goes to this node's live
 * streams at once and to the other nodes' within a moment (LISTEN/NOTIFY, events.ts, batched with the
 * bets); a message committed on another node arrives here the same way. The streams listen (`on`).
 * A change of a room's chat settings, and a player muted or unmuted, travel the same way (`onRoom`: chat.list's cache, live/chatListCache.ts).
 * A viewer that missed a push (a reconnection, a lost listener) reads the messages after its last id
 * with chat.list.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChatLine } from '../domain/chat/messages.js';
import type { GameEvents } from './events.js';

export class ChatRelay {
  private listeners = new Set<(line: ChatLine) => void>();
  private roomListeners = new Set<(roomId: number) => void>();
  private muteListeners = new Set<(userId: number) => void>();
  private unsubscribe: () => void;
  private unsubscribeRooms: () => void;
  private unsubscribeMutes: () => void;

  constructor(
    private events: GameEvents,
    private log: FastifyBaseLogger,
  ) {
    this.unsubscribe = events.onChat((line) => this.emit(line));
    this.unsubscribeRooms = events.onChatRoom((roomId) => this.tell(this.roomListeners, roomId));
    this.unsubscribeMutes = events.onChatMute((userId) => this.tell(this.muteListeners, userId));
  }

  /** Adds a listener of players muted or unmuted (on this node or another); returns the function that removes it. */
  onMute(listener: (userId: number) => void): () => void {
    this.muteListeners.add(listener);
    return () => this.muteListeners.delete(listener);
  }

  /** A player was muted or unmuted on this node (committed): to this node's listeners now, to the other nodes' soon. */
  muteChanged(userId: number): void {
    this.tell(this.muteListeners, userId);
    this.events.publishAfterCommit({ type: 'chatMute', userId });
  }

  /** Adds a listener of every room's chat settings changing (this node's and the others'); returns the function that removes it. */
  onRoom(listener: (roomId: number) => void): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  /** A room's chat settings changed on this node (committed): to this node's listeners now, to the other nodes' soon. */
  roomChanged(roomId: number): void {
    this.tell(this.roomListeners, roomId);
    this.events.publishAfterCommit({ type: 'chatRoom', roomId });
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
    this.unsubscribeRooms();
    this.unsubscribeMutes();
    this.listeners.clear();
    this.roomListeners.clear();
    this.muteListeners.clear();
  }

  private tell(listeners: Set<(id: number) => void>, id: number): void {
    for (const listener of listeners) {
      try {
        listener(id);
      } catch (err) {
        this.log.warn({ err }, 'a chat listener failed');
      }
    }
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
