/**
 * Round length and betting close as the rules pages state them, read from the live system rather
 * than typed into the text: the configured values when the hall reports them, otherwise measured —
 * the round length as the most frequent gap between consecutive real draws, and the close as the
 * gap between the heartbeat's seconds to the draw and seconds to the close.
 */
export interface RoundTimingInfo {
  roundSeconds: number | null;
  closeBeforeSeconds: number | null;
}

export function measuredRoundSeconds(drawTimesNewestFirst: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (let i = 0; i + 1 < drawTimesNewestFirst.length; i++) {
    const gap = drawTimesNewestFirst[i]! - drawTimesNewestFirst[i + 1]!;
    if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let best: number | null = null;
  let bestCount = 0;
  for (const [gap, n] of counts) {
    if (n > bestCount || (n === bestCount && best !== null && gap > best)) {
      best = gap;
      bestCount = n;
    }
  }
  return best;
}

export function measuredCloseBefore(heart: { openTime: number; closeTime: number; whether_close: boolean } | undefined): number | null {
  if (!heart || heart.whether_close || heart.closeTime <= 0) return null;
  const gap = heart.openTime - heart.closeTime;
  return gap >= 0 ? gap : null;
}

/** "3.5 min" style text parts: whole minutes and seconds. */
export function splitDuration(seconds: number): { min: number; sec: number } {
  return { min: Math.floor(seconds / 60), sec: seconds % 60 };
}
