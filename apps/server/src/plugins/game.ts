/**
 * Wires the game engine into the app: `app.game`, loaded when the app is ready, with the round
 * scheduler started when `config.scheduler` is on and stopped before the app closes; and
 * `app.heartView`, the heart's answers built from its snapshot.
 */
import fp from 'fastify-plugin';
import { GameEngine } from '../live/engine.js';
import { HeartView } from '../live/heartView.js';
import { SharedPresence } from '../live/sharedPresence.js';

const PRESENCE_SYNC_MS = 1000;
const PRESENCE_PRUNE_EVERY = 30;

declare module 'fastify' {
  interface FastifyInstance {
    game: GameEngine;
    /** The Lottery/heart answers built from the engine's snapshot, shared by the poll and the live stream. */
    heartView: HeartView;
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
  app.decorate('heartView', new HeartView(engine));
  let presenceTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await engine.init();
    if (app.config.scheduler) engine.scheduler.start();
    if (app.redis) {
      // Several nodes: presence counted across all of them (sharedPresence.ts).
      const shared = new SharedPresence(app.redis, (now) => engine.presence.viewers(now));
      engine.presence.shared = shared;
      let syncs = 0;
      let failing = false;
      let inFlight = false;
      presenceTimer = setInterval(() => {
        if (inFlight) return; // a sync waiting on a silent Redis: its command timeout ends it
        inFlight = true;
        const now = app.clock.now();
        const rooms = engine.snapshot.rooms.keys();
        // A failed prune is retried PRESENCE_PRUNE_EVERY syncs later; the sync tells whether Redis answers.
        const prune = syncs++ % PRESENCE_PRUNE_EVERY === 0 ? shared.prune(engine.snapshot.rooms.keys(), now).catch(() => {}) : Promise.resolve();
        const work = prune.then(() => shared.sync(rooms, now));
        work
          .then(
            () => {
              if (failing) app.log.info('sharing presence again');
              failing = false;
            },
            (err) => {
              // Once per outage, not every second.
              if (!failing) app.log.warn({ err }, 'sharing presence failed; each node counts its own viewers meanwhile');
              failing = true;
            },
          )
          .finally(() => (inFlight = false));
      }, PRESENCE_SYNC_MS);
      presenceTimer.unref();
    }
  });
  // After the node serves, not before: a restart answers /readyz without hashing every chain first.
  app.addHook('onListen', async () => {
    void engine.warmSeeds().catch((err) => app.log.warn({ err }, 'preparing the draw seeds failed; each draw computes its own'));
  });
  app.addHook('preClose', async () => {
    if (presenceTimer) clearInterval(presenceTimer);
    await engine.close();
  });
});
