/**
 * Wires the game engine into the app: `app.game`, loaded when the app is ready, with the round
 * scheduler started when `config.scheduler` is on and stopped before the app closes.
 */
import fp from 'fastify-plugin';
import { GameEngine } from './engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    game: GameEngine;
  }
}

export interface GamePluginOptions {
  /** Hash chain length (tests use short chains). */
  chainLength?: number;
}

export const gamePlugin = fp<GamePluginOptions>(async (app, opts) => {
  const engine = new GameEngine({
    database: app.database,
    clock: app.clock,
    settings: {
      roundSeconds: app.config.roundSeconds,
      closeBeforeSeconds: app.config.closeBeforeSeconds,
      timeZone: app.config.timeZone,
    },
    log: app.log,
    chainLength: opts.chainLength,
  });
  app.decorate('game', engine);
  app.addHook('onReady', async () => {
    await engine.init();
    if (app.config.scheduler) engine.scheduler.start();
  });
  app.addHook('preClose', async () => {
    await engine.close();
  });
});
