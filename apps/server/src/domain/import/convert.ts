/** The source's values in our units: cents from its 2-place decimals, instants from its Unix seconds. */

/** "12.34", "-0.5", 7 → cents, exactly (never through a float); throws on anything else. */
export function centsOf(value: unknown): number {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an amount: ${value}`);
    return value * 100;
  }
  const text = String(value ?? '').trim();
  const m = /^(-?)(\d+)(?:\.(\d{0,2})0*)?$/.exec(text);
  if (!m) throw new Error(`not an amount of at most 2 places: "${text}"`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** The bonus balance (`fa_user.score`), an integer of units (a decimal column is read to the cent). */
export const scoreCentsOf = (value: unknown): number => centsOf(value);

/** Unix seconds → a Date; 0 or null (never set) → the fallback. */
export function instantOf(seconds: unknown, fallback: Date): Date {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : fallback;
}

export const intOf = (value: unknown): number => Number(value ?? 0);
export const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
