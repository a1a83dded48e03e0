/**
 * Players betting through HAProxy for the rolling restart (rollingRestart.ts). Each bets about every five
 * seconds in the current round while it is open (three or four bets a player in each 20-s round: 40 bets a
 * second from 200 players, every one of them pushed to the room's viewers). Like the player app, a bet whose answer does not come
 * (the connection failed or was cut, or the answer was not the API's) is sent again with the same
 * Idempotency-Key until an answer comes, so the server applies it at most once; so is one answered
 * 503 with Retry-After (the database away: a failover, deploy/test-failover.ts). Every answer with a
 * 5xx status is counted, the 503s with Retry-After also on their own, with when they came.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { queryRows } from '../../apps/server/src/db/query.js';
import { LedgerType, postLedger } from '../../apps/server/src/domain/ledger/post.js';
import { SessionStore } from '../../apps/server/src/live/sessionStore.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY_MS = 500;
const MAX_TRIES = 60;

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
  private unavailable = 0;
  private unavailableAt: number[] = [];
  private acceptedOrders: string[] = [];
  private unresolved = 0;
  private otherFailures: { at: number; path: string; status: number; body: string }[] = [];

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
    const unavailable = res.status === 503 && res.headers.get('retry-after') !== null;
    if (unavailable) {
      this.unavailable++;
      this.unavailableAt.push(Date.now());
    }
    const text = await res.text().catch(() => '');
    // The first few 5xx answers that were not "database unavailable", kept whole enough to say what they were.
    if (res.status >= 500 && !unavailable && this.otherFailures.length < 5)
      this.otherFailures.push({ at: Date.now(), path, status: res.status, body: text.slice(0, 300) });
    let json: { code: number; msg: string; data: any } | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any -- heart or bet answers, read field by field
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, unavailable, json };
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
        const { json, unavailable } = await this.post(
          '/api/Lottery/playOrder',
          { issue, plan_id: this.planId, game_id: this.gameId, play_type: '1', money: '10' },
          { token: player.token, 'idempotency-key': key, 'x-forwarded-for': player.address },
        );
        // Not the API's answer (a balancer's error page), or the database away: send again, as the app does.
        if (!json || unavailable) continue;
        if (json.code === 1) {
          this.accepted.push(key);
          for (const o of (json.data?.orders ?? []) as { order_no: string }[]) this.acceptedOrders.push(o.order_no);
        } else this.refused.set(json.msg, (this.refused.get(json.msg) ?? 0) + 1);
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

  /** When each 503 with Retry-After came (ms since the epoch). */
  unavailableTimes(): number[] {
    return this.unavailableAt;
  }

  /** The order numbers of the accepted bets. */
  orderNumbers(): string[] {
    return this.acceptedOrders;
  }

  figures() {
    return {
      requests: this.requests,
      accepted: this.accepted.length,
      refused: Object.fromEntries(this.refused),
      retries: this.retries,
      fiveHundreds: this.fiveHundreds,
      /** Answered 503 with Retry-After. */
      unavailable: this.unavailable,
      unresolved: this.unresolved,
      /** The first 5xx answers other than 503 with Retry-After: when, the call, the status and the body. */
      otherFailures: this.otherFailures,
    };
  }
}

/** Members made straight in the database, funded and signed in (a session each), each with an address of its own. */
export async function makeBettingPlayers(database: Database, n: number, memo: string): Promise<{ userId: number; token: string; address: string }[]> {
  const db = database.db;
  const tag = randomUUID().slice(0, 6);
  const users = await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, password_hash, group_id)
        select ${`roll${tag}_`} || g, 'not-a-login', 1 from generate_series(1, ${n}) g returning id`,
  );
  const sessions = new SessionStore(database);
  return Promise.all(
    users.map(async (u, i) => {
      const userId = Number(u.id);
      await db.transaction((tx) => postLedger(tx, { userId, type: LedgerType.gift, wallet: 'money', quantity: 100_000_00, memo }));
      const token = await sessions.create(db, userId, { remember: false, now: Date.now() });
      return { userId, token, address: `10.28.${Math.floor(i / 250)}.${(i % 250) + 1}` };
    }),
  );
}
