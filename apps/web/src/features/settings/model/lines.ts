/**
 * The lines of /changeline: the addresses at which the operator serves the site (the server's
 * API_LINES, from siteConfig), each measured from this device. Nothing is called "fastest" that was
 * not measured, and with one line there is nothing to compare.
 */

/** The lines to offer: the configured ones, or only this page's own address when none is configured. */
export const linesToShow = (configured: readonly string[], ownOrigin: string): string[] => (configured.length > 0 ? [...configured] : [ownOrigin]);

/** The line in use: the chosen origin when it is still offered, else this page's own. */
export const lineInUse = (chosen: string, lines: readonly string[], ownOrigin: string): string =>
  chosen !== '' && lines.includes(chosen) ? chosen : ownOrigin;

export interface Measure {
  fetch: typeof fetch;
  now: () => number;
  timeoutMs: number;
}

const defaults = (): Measure => ({ fetch: (...args) => globalThis.fetch(...args), now: () => performance.now(), timeoutMs: 5000 });

/**
 * The round-trip time to a line in ms (the better of two requests to its `/healthz`, so that the
 * first one's connection set-up does not decide), or null when it does not answer in time.
 */
export async function measureLine(origin: string, measure: Measure = defaults()): Promise<number | null> {
  let best: number | null = null;
  for (let i = 0; i < 2; i++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), measure.timeoutMs);
    const start = measure.now();
    try {
      const res = await measure.fetch(`${origin}/healthz`, { cache: 'no-store', signal: controller.signal });
      if (!res.ok) return null;
      const ms = measure.now() - start;
      best = best === null ? ms : Math.min(best, ms);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
  return best === null ? null : Math.round(best);
}

/** The index of the fastest measured line, or null when fewer than two lines were measured. */
export function fastestLine(latencies: readonly (number | null | undefined)[]): number | null {
  let best: number | null = null;
  let measured = 0;
  latencies.forEach((ms, i) => {
    if (typeof ms !== 'number') return;
    measured++;
    if (best === null || ms < latencies[best]!) best = i;
  });
  return measured >= 2 ? best : null;
}
