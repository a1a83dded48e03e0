/** Lenient readers for the spec's loosely typed parameters (numbers may arrive as strings). */
export function intParam(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)) return Number(value);
  return undefined;
}

/** "1", 1, "1,3,11", [1, "3"] → distinct class ids in the given order; null if any part is malformed. */
export function classListParam(value: unknown): number[] | null {
  const parts: unknown[] = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',').map((s) => s.trim()).filter((s) => s !== '')
      : value === undefined || value === null
        ? []
        : [value];
  const out: number[] = [];
  for (const p of parts) {
    const n = intParam(p);
    if (n === undefined) return null;
    if (!out.includes(n)) out.push(n);
  }
  return out;
}
