/**
 * Wires the room chat's live side into the app (docs/chat.md): `app.chatRelay`, over the game
 * engine's connection to the other nodes (registered after plugins/game.ts), and the round's posts
 * the scheduler makes (live/roundRhythm.ts), pushed through it.
 */
import fp from 'fastify-plugin';
import { ChatRelay } from '../live/chat.js';
import { RoundRhythm } from '../live/roundRhythm.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat messages to and from the live streams of every node (live/chat.ts). */
    chatRelay: ChatRelay;
  }
}

export const chatPlugin = fp(async (app) => {
  const relay = new ChatRelay(app.game.events, app.log);
  app.decorate('chatRelay', relay);
  app.game.scheduler.rhythm = new RoundRhythm(app.game, (line) => relay.posted(line));
  app.addHook('onClose', async () => relay.close());
});
