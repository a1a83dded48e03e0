/**
 * The failover drill's withdrawals and reward claims (deploy/lib/failoverLoad.ts), beside the bets of
 * BettingPlayers: each player sends one withdrawal request (`user/withdrawAction`) and one claim of the
 * day's check-in (`rewards/claim`) through the app nodes' HAProxy, spread over the first `spreadMs` of
 * the load so that some are answered before a kill, some meet the gap and some come after it. One of
 * each per player because the product allows no more: one withdrawal pending at a time, one check-in a
 * day. Like the player app, a request whose answer does not come, or that is answered 503 with
 * Retry-After, is sent again with the same Idempotency-Key until an answer comes. Counted: what was
 * acknowledged (answered code 1: the withdrawal's id, the claim's player), what was refused, and every
 * 5xx (the 503s with Retry-After also on their own, with when they came).
 */
import { randomUUID } from 'node:crypto';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY_MS = 500;
const MAX_TRIES = 60;

export interface MoneyPlayer {
  token: string;
  address: string;
}

export interface MoneySettings {
  /** The live check-in campaign the players claim. */
  campaignId: number;
  /** Every player's security code (set by prepareMoneyPlayers). */
  securityCode: string;
  /** The withdrawal's amount, in units ("100"). */
  amount: string;
  /** The requests are spread evenly over this many ms from the start. */
  spreadMs: number;
}

/** What one kind of request saw. */
export interface MoneyCounts {
  sent: number;
  /** The players (by their index in the settings) whose request was answered code 1, and when. */
  acknowledged: { player: number; at: number; id?: number }[];
  refused: Record<string, number>;
  unresolved: number;
}

export class MoneyPlayers {
  private running = false;
  private loops: Promise<void>[] = [];
  private requests = 0;
  private retries = 0;
  private fiveHundreds = 0;
  private unavailableAt: number[] = [];
  readonly withdrawals: MoneyCounts = { sent: 0, acknowledged: [], refused: {}, unresolved: 0 };
  readonly claims: MoneyCounts = { sent: 0, acknowledged: [], refused: {}, unresolved: 0 };

  constructor(
    private lbPort: number,
    private players: MoneyPlayer[],
    private settings: MoneySettings,
  ) {}

  start(): void {
    this.running = true;
    const started = Date.now();
    const n = this.players.length;
    this.loops = this.players.map(async (p, i) => {
      await this.until(started + (i * this.settings.spreadMs) / n);
      if (this.running) await this.withdraw(p, i);
      await this.until(started + ((i + 0.5) * this.settings.spreadMs) / n);
      if (this.running) await this.claim(p, i);
    });
  }

  private async until(t: number): Promise<void> {
    while (this.running && Date.now() < t) await sleep(Math.min(200, t - Date.now()));
  }

  private withdraw(p: MoneyPlayer, i: number): Promise<void> {
    return this.send(this.withdrawals, p, i, '/api/user/withdrawAction', { type: 0, money: this.settings.amount, securityCode: this.settings.securityCode });
  }

  private claim(p: MoneyPlayer, i: number): Promise<void> {
    return this.send(this.claims, p, i, '/api/rewards/claim', { campaign_id: this.settings.campaignId });
  }

  /** Sends until answered (the same Idempotency-Key each time), and counts the answer. */
  private async send(counts: MoneyCounts, player: MoneyPlayer, i: number, path: string, body: Record<string, unknown>): Promise<void> {
    const key = randomUUID();
    counts.sent++;
    for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
      if (attempt > 1) {
        this.retries++;
        await sleep(RETRY_MS);
      }
      try {
        this.requests++;
        const res = await fetch(`http://127.0.0.1:${this.lbPort}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: player.token, 'idempotency-key': key, 'x-forwarded-for': player.address },
          body: JSON.stringify({ lang: 'en', ...body }),
          signal: AbortSignal.timeout(7000),
        });
        if (res.status >= 500) this.fiveHundreds++;
        const unavailable = res.status === 503 && res.headers.get('retry-after') !== null;
        if (unavailable) this.unavailableAt.push(Date.now());
        const json = (await res.json().catch(() => undefined)) as { code: number; msg: string; data?: { id?: number } } | undefined;
        // Not the API's answer (a balancer's error page), or the database away: send again, as the app does.
        if (!json || unavailable) continue;
        if (json.code === 1) counts.acknowledged.push({ player: i, at: Date.now(), ...(typeof json.data?.id === 'number' ? { id: json.data.id } : {}) });
        else counts.refused[json.msg] = (counts.refused[json.msg] ?? 0) + 1;
        return;
      } catch {
        // no answer: send again with the same key
      }
    }
    counts.unresolved++;
  }

  /** Sends nothing new and waits for the requests under way (with their retries). */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  unavailableTimes(): number[] {
    return this.unavailableAt;
  }

  figures() {
    return {
      requests: this.requests,
      retries: this.retries,
      fiveHundreds: this.fiveHundreds,
      /** Answered 503 with Retry-After. */
      unavailable: this.unavailableAt.length,
      withdrawals: {
        sent: this.withdrawals.sent,
        acknowledged: this.withdrawals.acknowledged.length,
        refused: this.withdrawals.refused,
        unresolved: this.withdrawals.unresolved,
      },
      claims: { sent: this.claims.sent, acknowledged: this.claims.acknowledged.length, refused: this.claims.refused, unresolved: this.claims.unresolved },
    };
  }
}
