import { describe, expect, it } from 'vitest';
import { countPoll, mergeFeed, sameNotices, trimFeed, type NoticeCounter } from './feed';

const key = (e: { id: number }) => String(e.id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ id: from + i }));

describe('feed', () => {
  it('keeps up to 300 entries and drops the 30 oldest above that', () => {
    expect(trimFeed(range(0, 300))).toHaveLength(300);
    const t = trimFeed(range(0, 301));
    expect(t).toHaveLength(271);
    expect(t[0]).toEqual({ id: 30 });
  });
  it('appends only entries it has not shown', () => {
    const a = mergeFeed([], range(0, 3), key);
    const b = mergeFeed(a, range(1, 5), key);
    expect(b.map((e) => e.id)).toEqual([0, 1, 2, 3, 4]);
  });
  it('keeps identical bets placed twice (aligns on the longest overlap)', () => {
    const same = { id: 7 };
    const a = mergeFeed([], [same], key);
    expect(mergeFeed(a, [same, same], key)).toHaveLength(2);
    expect(mergeFeed([same, same], [same, same, same], key)).toHaveLength(3);
  });
  it('appends the whole snapshot when it does not overlap', () => {
    const a = mergeFeed([], range(0, 3), key);
    expect(mergeFeed(a, range(10, 12), key).map((e) => e.id)).toEqual([0, 1, 2, 10, 11]);
  });
  it('follows a sliding window of 50', () => {
    let feed: readonly { id: number }[] = [];
    for (let n = 1; n <= 120; n += 7) feed = mergeFeed(feed, range(Math.max(0, n - 50), n), key);
    expect(feed.map((e) => e.id)).toEqual(range(0, 120).map((e) => e.id));
  });
  it('returns the same array when nothing is new', () => {
    const a = mergeFeed([], range(0, 3), key);
    expect(mergeFeed(a, range(0, 3), key)).toBe(a);
  });
  it('trims after merging', () => {
    const a = mergeFeed([], range(0, 295), key);
    expect(mergeFeed(a, range(290, 310), key)).toHaveLength(280);
  });
});

describe('win notice counter', () => {
  it('shows on the first poll and every 20th after, restarting on a new issue', () => {
    let s: NoticeCounter = { issue: null, polls: 0 };
    const shown: number[] = [];
    for (let i = 0; i < 45; i++) {
      const r = countPoll(s, '20250101001');
      s = r.next;
      if (r.show) shown.push(i);
    }
    expect(shown).toEqual([0, 20, 40]);
    const r = countPoll(s, '20250101002');
    expect(r.show).toBe(true);
    expect(r.next.polls).toBe(1);
  });
});

describe('sameNotices', () => {
  const n = (nickname: string, profit = '10.00') => ({ nickname, game_id: 7, profit });
  it('tells a changed list of wins (shown at once) from the same one', () => {
    expect(sameNotices([n('a')], [n('a')])).toBe(true);
    expect(sameNotices([n('a')], [n('b'), n('a')])).toBe(false);
    expect(sameNotices([n('a')], [n('a', '20.00')])).toBe(false);
  });
});
