import { z } from 'zod';

/** A required text field: missing, null and blank all fail with `required`. Trims. */
export const requiredText = (required: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: required }).trim().min(1, required),
  );

/** An optional text field: missing, null and blank become undefined. Trims. */
export const optionalText = () =>
  z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'number' ? String(v) : v),
    z.string().trim().optional(),
  );
