/**
 * Players betting through HAProxy for the rolling restart (rollingRestart.ts). Each bets about every five
 * seconds in the current round while it is open (three or four bets a player in each 20-s round: 40 bets a
 * second from 200 players, every one of them pushed to the room's viewers). Like the player app, a bet whose answer does not come
 * (the connection failed or was cut, or the answer was not the API's) is sent again with the same
 * Idempotency-Key until an answer comes, so the server applies it at most once; every answer with a
 * 5xx status is counted.
 */
import { randomUUID } from 'node:crypto';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY_MS = 500;
const MAX_TRIES = 40;

interface Player {
  token: string;
  address: string;
}

export class BettingPlayers {
  private running = false;
  private loops: Promise<void>[] = [];
  private round: { issue: string; open: boolean } | undefined;
  private roundTimer: NodeJS.Timeout | undefined;
  private accepted: string[] = [];
  private refused = new Map<string, number>();
  private requests = 0;
  private retries = 0;
  private fiveHundreds = 0;
  private unresolved = 0;

  constructor(
    private lbPort: number,
    private gameId: number,
    private planId: number,
    private players: Player[],
  ) {}

  private async post(path: string, body: Record<string, unknown>, headers: Record<string, string>) {
    this.requests++;
    const res = await fetch(`http://127.0.0.1:${this.lbPort}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ lang: 'en', ...body }),
      signal: AbortSignal.timeout(7000),
    });
    if (res.status >= 500) this.fiveHundreds++;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- heart or bet answers, read field by field
    return { status: res.status, json: (await res.json().catch(() => undefined)) as { code: number; msg: string; data: any } | undefined };
  }

  /** The round in play, read from the heart through HAProxy every half second. */
  private async pollRound(): Promise<void> {
    try {
      const { json } = await this.post('/api/Lottery/heart', { game_id: this.gameId }, {});
      if (json?.code === 1) this.round = { issue: json.data.issue.issue as string, open: !json.data.issue.whether_close && json.data.issue.closeTime >= 1 };
    } catch {
      /* next time */
    }
  }

  start(): void {
    this.running = true;
    const poll = () => {
      void this.pollRound().finally(() => {
        if (this.running) this.roundTimer = setTimeout(poll, 500);
      });
    };
    poll();
    this.loops = this.players.map((p, i) => this.play(p, i));
  }

  private async play(player: Player, i: number): Promise<void> {
    await sleep((i * 5000) / this.players.length);
    while (this.running) {
      const round = this.round;
      if (round?.open) await this.bet(player, round.issue);
      await sleep(4000 + Math.random() * 2000);
    }
  }

  private async bet(player: Player, issue: string): Promise<void> {
    const key = randomUUID();
    for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
      if (attempt > 1) {
        this.retries++;
        await sleep(RETRY_MS);
      }
      try {
        const { json } = await this.post(
          '/api/Lottery/playOrder',
          { issue, plan_id: this.planId, game_id: this.gameId, play_type: '1', money: '10' },
          { token: player.token, 'idempotency-key': key, 'x-forwarded-for': player.address },
        );
        if (!json) continue; // not the API's answer (a balancer's error page): send again
        if (json.code === 1) this.accepted.push(key);
        else this.refused.set(json.msg, (this.refused.get(json.msg) ?? 0) + 1);
        return;
      } catch {
        // no answer: send again with the same key
      }
    }
    this.unresolved++;
  }

  /** Stops placing new bets and waits for the ones under way (with their retries). */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.roundTimer);
    await Promise.all(this.loops);
  }

  acceptedKeys(): string[] {
    return this.accepted;
  }

  figures() {
    return {
      requests: this.requests,
      accepted: this.accepted.length,
      refused: Object.fromEntries(this.refused),
      retries: this.retries,
      fiveHundreds: this.fiveHundreds,
      unresolved: this.unresolved,
    };
  }
}
