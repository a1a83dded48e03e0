/**
 * The room's live feed of real bets (spec §4, §9): entries arrive newest last; the list keeps what it
 * has shown and appends only what is new, and when it grows above 300 entries the 30 oldest go.
 */
export const FEED_MAX = 300;
export const FEED_DROP = 30;

export function trimFeed<T>(entries: readonly T[]): T[] {
  return entries.length > FEED_MAX ? entries.slice(FEED_DROP) : [...entries];
}

/**
 * Appends the entries of `incoming` (a snapshot, newest last) that `current` does not hold yet,
 * compared by `keyOf`, then trims. Returns `current` itself when nothing is new, so React can skip
 * rendering.
 */
export function mergeFeed<T>(current: readonly T[], incoming: readonly T[], keyOf: (e: T) => string): readonly T[] {
  const seen = new Set(current.map(keyOf));
  const fresh = incoming.filter((e) => !seen.has(keyOf(e)));
  if (fresh.length === 0) return current;
  return trimFeed([...current, ...fresh]);
}

/**
 * The win notice (spec §9): rendered on the first poll and then every 20th poll; the count starts
 * over when the issue changes. Returns the next state and whether to show the notice on this poll.
 */
export const WIN_NOTICE_EVERY = 20;

export interface NoticeCounter {
  issue: string | null;
  polls: number;
}

export function countPoll(state: NoticeCounter, issue: string): { next: NoticeCounter; show: boolean } {
  const polls = state.issue === issue ? state.polls : 0;
  return { next: { issue, polls: polls + 1 }, show: polls % WIN_NOTICE_EVERY === 0 };
}
