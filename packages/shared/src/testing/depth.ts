/**
 * How many generated cases the property and fuzz tests try (docs/testing.md, "Quick and deep").
 * `npm test` runs them quick: the same properties over fewer cases, from a new seed every run, so the
 * runs together cover what one long run would. CI's `npm run test:deep` sets TEST_DEPTH=deep and runs
 * them at full length. fast-check prints a failing run's seed; TEST_SEED=<seed> replays it.
 */
const env: Record<string, string | undefined> = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

export type TestDepth = 'quick' | 'deep';

export const testDepth: TestDepth = env.TEST_DEPTH === 'deep' ? 'deep' : 'quick';

/**
 * The cases for one property at this depth. `override` names a test's own variable for the count
 * (e.g. FUZZ_RUNS), which wins over both when set.
 */
export function caseCount(counts: Record<TestDepth, number>, override?: string): number {
  const own = override === undefined ? NaN : Number(env[override]);
  return Number.isInteger(own) && own > 0 ? own : counts[testDepth];
}

/**
 * The seed to replay: `override` (a test's own variable, e.g. FUZZ_SEED) or TEST_SEED; undefined
 * otherwise, and fast-check draws a new one.
 */
export function caseSeed(override?: string): number | undefined {
  const text = (override === undefined ? undefined : env[override]) ?? env.TEST_SEED;
  if (text === undefined || text === '') return undefined;
  const seed = Number(text);
  if (!Number.isInteger(seed)) throw new Error(`${override ?? 'TEST_SEED'} must be an integer seed as fast-check prints it, not "${text}"`);
  return seed;
}

/** fast-check's options for a property at this depth: its cases and, when one is set, the seed to replay. */
export function caseOptions(counts: Record<TestDepth, number>, vars: { runs?: string; seed?: string } = {}): { numRuns: number; seed?: number } {
  const seed = caseSeed(vars.seed);
  return seed === undefined ? { numRuns: caseCount(counts, vars.runs) } : { numRuns: caseCount(counts, vars.runs), seed };
}
