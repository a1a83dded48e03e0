/**
 * Wires the room chat's live side into the app (docs/chat.md): `app.chatRelay`, over the game
 * engine's connection to the other nodes (registered after plugins/game.ts), the round's posts
 * the scheduler makes (live/roundRhythm.ts), pushed through it, and chat.list's cache (`app.chatList`,
 * live/chatListCache.ts), kept by it.
 */
import fp from 'fastify-plugin';
import { ChatRelay } from '../live/chat.js';
import { ChatListCache } from '../live/chatListCache.js';
import { RoundRhythm } from '../live/roundRhythm.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat messages to and from the live streams of every node (live/chat.ts). */
    chatRelay: ChatRelay;
    /** chat.list's per-room cache of the newest messages and the room's settings (live/chatListCache.ts). */
    chatList: ChatListCache;
  }
}

export const chatPlugin = fp(async (app) => {
  const relay = new ChatRelay(app.game.events, app.log);
  app.decorate('chatRelay', relay);
  const cache = new ChatListCache(app.db, app.game.events, relay);
  app.decorate('chatList', cache);
  app.game.scheduler.rhythm = new RoundRhythm(app.game, (line) => relay.posted(line));
  app.addHook('onClose', async () => {
    cache.close();
    relay.close();
  });
});
