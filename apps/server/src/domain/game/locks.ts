/**
 * PostgreSQL advisory lock keys (two-int form: class, game id). Transaction-scoped, so they are
 * released at commit or rollback, and a crashed node can never leave one held.
 */
/** Held while a round of the game is drawn and settled: with several nodes only one draws. */
export const DRAW_LOCK = 28_0001;
/** Held while a round of the game is created and takes its link of the hash chain. */
export const ROUND_LOCK = 28_0002;
