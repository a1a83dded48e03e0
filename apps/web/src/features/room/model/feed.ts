/**
 * The room's live feed of real bets (docs/product.md#states-and-transitions, #constants-and-game-rules): entries arrive newest last; the list keeps what it
 * has shown and appends only what is new, and when it grows above 300 entries the 30 oldest go.
 */
export const FEED_MAX = 300;
export const FEED_DROP = 30;

export function trimFeed<T>(entries: readonly T[]): T[] {
  return entries.length > FEED_MAX ? entries.slice(FEED_DROP) : [...entries];
}

/**
 * Merges a heart snapshot (the room's latest bets, newest last, a sliding window) into the feed
 * shown so far. Entries carry no id, so the snapshot is aligned on the longest run at the end of
 * `current` that equals the start of `incoming` (compared by `keyOf`); what follows that run is new.
 * With no overlap at all (more new bets than the window between two polls) everything is appended.
 * Returns `current` itself when nothing is new, so React can skip rendering.
 */
export function mergeFeed<T>(current: readonly T[], incoming: readonly T[], keyOf: (e: T) => string): readonly T[] {
  if (incoming.length === 0) return current;
  const cur = current.map(keyOf);
  const inc = incoming.map(keyOf);
  let overlap = 0;
  for (let k = Math.min(cur.length, inc.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = cur[cur.length - k + i] === inc[i];
    if (same) {
      overlap = k;
      break;
    }
  }
  if (overlap === inc.length) return current;
  return trimFeed([...current, ...incoming.slice(overlap)]);
}

/**
 * The win notice (docs/product.md#constants-and-game-rules): rendered on the first poll and then every 20th poll; the count starts
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

/** Whether two win-notice lists say the same (a changed list is shown at once, not on the 20th poll). */
export function sameNotices<T extends { nickname: string; game_id: number; profit: string }>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((n, i) => n.nickname === b[i]!.nickname && n.game_id === b[i]!.game_id && n.profit === b[i]!.profit);
}
