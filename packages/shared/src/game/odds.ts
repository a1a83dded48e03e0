/**
 * Default odds and stake limits (docs/design.md#the-odds-table). Odds are decimal odds including the stake, stored as
 * integer hundredths (2.0x = 200); stakes are cents. Each room may override any class.
 */
import type { Cents } from '../money.js';
import { BET_CLASSES, BetClass, betClass, SUM_CLASS_BASE } from './betClasses.js';
import { MAX_TOTAL } from './patterns.js';

export interface ClassOdds {
  /** Hundredths: 200 = 2.0x. */
  odds: number;
  /** Odds (hundredths) paid instead of `odds` when the order wins and the total is 13 or 14; null = none. */
  oddsSpecial: number | null;
  /** Stake limits, cents, inclusive. */
  minStake: Cents;
  maxStake: Cents;
}

/**
 * The smallest stake a room accepts on a class: the class's own minimum, raised to the room's
 * minimum (`min_limit`) when that is higher. Betting checks it; `oddsList` shows it.
 */
export const effectiveMinStake = (classOdds: Pick<ClassOdds, 'minStake'>, roomMinLimit: Cents): Cents => Math.max(classOdds.minStake, roomMinLimit);

const u = (units: number): Cents => units * 100;
const LIMIT_5000 = { minStake: u(10), maxStake: u(5000) };
const LIMIT_2000 = { minStake: u(10), maxStake: u(2000) };

/** Exact-sum odds by N for N = 0…13 (N and 27−N share odds), hundredths. The table of docs/product.md#game-rules-as-the-brief-tells-them. */
const SUM_ODDS_LOW_HALF = [50800, 18800, 10800, 6800, 4800, 4000, 2800, 2200, 1500, 1500, 1400, 1400, 1200, 1200];

export function defaultSumOdds(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > MAX_TOTAL) throw new RangeError(`no exact sum ${n}`);
  return SUM_ODDS_LOW_HALF[Math.min(n, MAX_TOTAL - n)] as number;
}

function buildDefaults(): ReadonlyMap<number, ClassOdds> {
  const m = new Map<number, ClassOdds>();
  const set = (id: number, odds: number, oddsSpecial: number | null, limits: typeof LIMIT_5000) => m.set(id, { odds, oddsSpecial, ...limits });
  set(BetClass.BIG, 200, 160, LIMIT_5000);
  set(BetClass.SMALL, 200, 160, LIMIT_5000);
  set(BetClass.ODD, 200, 160, LIMIT_5000);
  set(BetClass.EVEN, 200, 160, LIMIT_5000);
  set(BetClass.BIG_ODD, 420, null, LIMIT_5000);
  set(BetClass.SMALL_EVEN, 420, null, LIMIT_5000);
  set(BetClass.SMALL_ODD, 460, 100, LIMIT_5000);
  set(BetClass.BIG_EVEN, 460, 100, LIMIT_5000);
  set(BetClass.EXTREME_BIG, 1500, null, LIMIT_5000);
  set(BetClass.EXTREME_SMALL, 1500, null, LIMIT_5000);
  set(BetClass.TRIPLE, 9000, null, LIMIT_2000);
  set(BetClass.STRAIGHT, 1500, null, LIMIT_2000);
  set(BetClass.PAIR, 350, null, LIMIT_5000);
  for (let n = 0; n <= MAX_TOTAL; n++) set(SUM_CLASS_BASE + n, defaultSumOdds(n), null, LIMIT_2000);
  for (const c of BET_CLASSES) if (!m.has(c.id)) throw new Error(`no default odds for class ${c.id}`);
  return m;
}

export const DEFAULT_ODDS: ReadonlyMap<number, ClassOdds> = buildDefaults();

export function defaultOdds(classId: number): ClassOdds | undefined {
  return DEFAULT_ODDS.get(classId);
}

/**
 * A room's per-class override as stored in `rooms.odds_override` (JSON, keyed by class id):
 * `{ "<class>": { odds?, odds_special?, min?, max?, enabled? } }` — odds in hundredths, limits in cents.
 */
export interface ClassOddsOverride {
  odds?: number;
  odds_special?: number | null;
  min?: number;
  max?: number;
  enabled?: boolean;
}
export type RoomOddsOverride = Record<string, ClassOddsOverride>;

const isPositiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * The effective odds table of a room: defaults with the room's overrides applied. Classes disabled
 * by the room are absent. Malformed override entries are rejected with a RangeError, never guessed.
 */
export function resolveRoomOdds(override: unknown): Map<number, ClassOdds> {
  const table = new Map(DEFAULT_ODDS);
  if (override === null || override === undefined) return table;
  if (typeof override !== 'object' || Array.isArray(override)) throw new RangeError('odds override must be an object');
  for (const [key, raw] of Object.entries(override as Record<string, unknown>)) {
    const id = Number(key);
    const base = table.get(id);
    if (!base || !betClass(id)) throw new RangeError(`odds override for unknown class ${key}`);
    if (typeof raw !== 'object' || raw === null) throw new RangeError(`odds override for class ${key} must be an object`);
    const o = raw as ClassOddsOverride;
    if (o.enabled === false) {
      table.delete(id);
      continue;
    }
    const next: ClassOdds = { ...base };
    if (o.odds !== undefined) {
      if (!isPositiveInt(o.odds)) throw new RangeError(`class ${key}: odds must be a positive integer (hundredths)`);
      next.odds = o.odds;
    }
    if (o.odds_special !== undefined) {
      if (o.odds_special !== null && !isPositiveInt(o.odds_special)) {
        throw new RangeError(`class ${key}: odds_special must be a positive integer or null`);
      }
      next.oddsSpecial = o.odds_special;
    }
    if (o.min !== undefined) {
      if (!isPositiveInt(o.min)) throw new RangeError(`class ${key}: min must be a positive integer (cents)`);
      next.minStake = o.min;
    }
    if (o.max !== undefined) {
      if (!isPositiveInt(o.max)) throw new RangeError(`class ${key}: max must be a positive integer (cents)`);
      next.maxStake = o.max;
    }
    if (next.minStake > next.maxStake) throw new RangeError(`class ${key}: min above max`);
    table.set(id, next);
  }
  return table;
}

/** Odds hundredths → decimal string for display: 160 → "1.60", 50800 → "508.00". */
export function formatOdds(hundredths: number): string {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0) throw new RangeError(`bad odds ${hundredths}`);
  return `${Math.floor(hundredths / 100)}.${(hundredths % 100).toString().padStart(2, '0')}`;
}
