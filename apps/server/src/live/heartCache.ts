/**
 * Serialised pieces of the Lottery/heart answer, built once and reused by every poll until the game
 * snapshot changes (a bet, a draw, a win, a configuration reload) or the wall-clock second turns
 * (countdowns are whole seconds, and round boundaries fall on whole seconds). Polls are the
 * product's hottest path: this keeps them to a map lookup and a string concatenation.
 */
export class HeartCache {
  private version = -1;
  private second = Number.NaN;
  private readonly pieces = new Map<string, unknown>();

  /** The piece under `key` for this snapshot version and second, built by `build` when missing. */
  get<T>(key: string, version: number, nowMs: number, build: () => T): T {
    const second = Math.floor(nowMs / 1000);
    if (version !== this.version || second !== this.second) {
      this.pieces.clear();
      this.version = version;
      this.second = second;
    }
    if (this.pieces.has(key)) return this.pieces.get(key) as T;
    const piece = build();
    this.pieces.set(key, piece);
    return piece;
  }
}
