/**
 * Countdown of a round (docs/product.md#states-and-transitions): "mm:ss" to the draw while time is left, null at or past the draw
 * time (the card then reads "drawing…"). The server sends the seconds left (`openTime`) at the
 * moment it answered; the card anchors them to the local clock once and ticks from there, so the
 * countdown stays smooth between polls and never depends on the phone's clock being right.
 */

/** The local time (ms) at which the round draws, from seconds-to-draw received at `receivedAt`. */
export function deadlineFrom(secondsLeft: number, receivedAt: number): number {
  return receivedAt + Math.max(0, secondsLeft) * 1000;
}

/** Whole seconds from `now` to `deadline`, rounded up, never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** 95 → "01:35"; 3725 → "1:02:05"; 0 or less → null (drawing). */
export function formatCountdown(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h > 0 ? `${h}:${two(m)}:${two(rest)}` : `${two(m)}:${two(rest)}`;
}

/**
 * Keeps a running countdown steady across polls: a fresh answer for the same round moves the
 * deadline only when it disagrees by more than `toleranceMs` (network jitter would otherwise make
 * the display jump back a second); a new round always takes the new deadline.
 */
export function steadyDeadline(
  prev: { key: string; deadline: number } | null,
  next: { key: string; deadline: number },
  toleranceMs = 1500,
): { key: string; deadline: number } {
  if (prev && prev.key === next.key && Math.abs(prev.deadline - next.deadline) <= toleranceMs) return prev;
  return next;
}
