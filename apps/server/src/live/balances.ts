/**
 * Recently known balances (money + score, cents) for the room heart's `user_quantity`, so that
 * polling does not query the database: set exactly by bets and settlements, otherwise loaded at most
 * once per `ttlMs` per user (other balance changes — deposits, withdrawals — show within that time).
 */
export class BalanceCache {
  private entries = new Map<number, { value: number; at: number }>();

  constructor(private ttlMs = 5_000) {}

  get(userId: number, now: number): number | undefined {
    const e = this.entries.get(userId);
    return e && now - e.at < this.ttlMs ? e.value : undefined;
  }

  forget(userId: number): void {
    this.entries.delete(userId);
  }

  set(userId: number, value: number, now: number): void {
    this.entries.set(userId, { value, at: now });
    if (this.entries.size > 100_000) this.entries.clear();
  }
}
