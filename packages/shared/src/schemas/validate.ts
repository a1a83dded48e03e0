import type { z } from 'zod';

export interface ValidationFailure {
  /** Message key in the API catalogue (see messages/). */
  message: string;
  /** The offending field, when there is one. */
  field: string | undefined;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; error: ValidationFailure };

/**
 * Runs a schema and reports only the first failure, in field order: the spec's forms check their
 * fields one by one and stop at the first problem, and the server answers the same way.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.infer<S>> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    error: { message: issue?.message ?? 'err.bad_request', field: field === undefined ? undefined : String(field) },
  };
}
