/** A drill's log lines, stamped with the seconds since it started, and its checks, counted. */
export function drillLog(started = Date.now()) {
  let failures = 0;
  const log = (...args: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s]`, ...args);
  return {
    started,
    log,
    check(ok: boolean, what: string, detail: unknown = ''): void {
      if (!ok) failures++;
      log(`${ok ? 'ok  ' : 'FAIL'} ${what}`, typeof detail === 'string' ? detail : JSON.stringify(detail));
    },
    /** A failure found outside a check (an exception, a step that could not run). */
    fail(): void {
      failures++;
    },
    get failures(): number {
      return failures;
    },
  };
}
