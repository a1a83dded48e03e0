import type { z } from 'zod';
import { isMessageKey } from '@lucky28/shared';
import { AppError } from '../errors.js';

/**
 * Validates one value against `schema`; a failure becomes a localised refusal naming `field`.
 * Routes declare their input on the route (plugins/validation.ts); this serves what is judged later
 * on purpose: a value checked in a business order (a withdrawal's amount after its account checks,
 * spec §5) and the text fields of a multipart form, read from the stream.
 */
export function parseValue<S extends z.ZodType>(schema: S, value: unknown, field: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue && isMessageKey(issue.message) ? issue.message : 'err.bad_request';
  const path = issue?.path[0];
  throw new AppError(message, { field: path === undefined ? field : String(path) });
}
