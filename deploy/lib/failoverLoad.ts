/**
 * The failover drill's load (deploy/test-failover.ts, deploy/bench-failover.ts), in a process of its own
 * so that the drill's own work (killing members, checking) never slows the players down: BettingPlayers
 * betting through the app nodes' HAProxy and, with `money`, MoneyPlayers (deploy/lib/moneyPlayers.ts)
 * sending each player's withdrawal and reward claim. Started with the IPC channel and its settings in
 * FAILOVER_LOAD (JSON); on the message "stop" it stops, waits for the requests under way, sends back what
 * it saw, and exits.
 */
import { BettingPlayers } from './bettingPlayers.js';
import { MoneyPlayers, type MoneyCounts, type MoneySettings } from './moneyPlayers.js';

export interface LoadSettings {
  lbPort: number;
  gameId: number;
  planId: number;
  players: { token: string; address: string }[];
  /** Withdrawals and claims too (the players prepared by prepareMoneyPlayers). */
  money?: MoneySettings;
}

export interface LoadResult {
  figures: ReturnType<BettingPlayers['figures']>;
  orderNumbers: string[];
  /** When each 503 with Retry-After came, bets', withdrawals' and claims' alike. */
  unavailableTimes: number[];
  money?: {
    figures: ReturnType<MoneyPlayers['figures']>;
    withdrawals: MoneyCounts['acknowledged'];
    claims: MoneyCounts['acknowledged'];
  };
}

const settings = JSON.parse(process.env.FAILOVER_LOAD ?? 'null') as LoadSettings | null;
if (!settings || !process.send) throw new Error('failoverLoad.ts runs as the drill’s child process (FAILOVER_LOAD and an IPC channel)');
const betting = new BettingPlayers(settings.lbPort, settings.gameId, settings.planId, settings.players);
const money = settings.money ? new MoneyPlayers(settings.lbPort, settings.players, settings.money) : undefined;
betting.start();
money?.start();
process.send('started');
process.on('message', (message) => {
  if (message !== 'stop') return;
  void Promise.all([betting.stop(), money?.stop()]).then(() => {
    const result: LoadResult = {
      figures: betting.figures(),
      orderNumbers: betting.orderNumbers(),
      unavailableTimes: [...betting.unavailableTimes(), ...(money?.unavailableTimes() ?? [])],
      ...(money ? { money: { figures: money.figures(), withdrawals: money.withdrawals.acknowledged, claims: money.claims.acknowledged } } : {}),
    };
    process.send!(result, () => process.exit(0));
  });
});
// The drill gone (its IPC channel closed): stop too.
process.on('disconnect', () => process.exit(1));
