/**
 * The failover drill's load (deploy/test-failover.ts), in a process of its own so that the drill's own
 * work (killing members, checking) never slows the players down: BettingPlayers betting through the
 * app nodes' HAProxy. Started with the IPC channel and its settings in FAILOVER_LOAD (JSON); on the
 * message "stop" it stops, waits for the bets under way, sends back what it saw, and exits.
 */
import { BettingPlayers } from './bettingPlayers.js';

export interface LoadSettings {
  lbPort: number;
  gameId: number;
  planId: number;
  players: { token: string; address: string }[];
}

export interface LoadResult {
  figures: ReturnType<BettingPlayers['figures']>;
  orderNumbers: string[];
  unavailableTimes: number[];
}

const settings = JSON.parse(process.env.FAILOVER_LOAD ?? 'null') as LoadSettings | null;
if (!settings || !process.send) throw new Error('failoverLoad.ts runs as the drill’s child process (FAILOVER_LOAD and an IPC channel)');
const betting = new BettingPlayers(settings.lbPort, settings.gameId, settings.planId, settings.players);
betting.start();
process.send('started');
process.on('message', (message) => {
  if (message !== 'stop') return;
  void betting.stop().then(() => {
    const result: LoadResult = { figures: betting.figures(), orderNumbers: betting.orderNumbers(), unavailableTimes: betting.unavailableTimes() };
    process.send!(result, () => process.exit(0));
  });
});
// The drill gone (its IPC channel closed): stop too.
process.on('disconnect', () => process.exit(1));
