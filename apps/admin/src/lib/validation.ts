import type { z } from 'zod';
import { translate } from '@lucky28/shared/messages';
import { validate } from '@lucky28/shared/schemas';
import i18n from './i18n';
import { apiLangOf } from './languages';

/**
 * Checks form values with the server's own zod schema from packages/shared; the first failure is
 * returned as { field, message } in the console's language (the same text the server would answer).
 */
export function checkWith<S extends z.ZodType>(schema: S, values: unknown): { ok: true; value: z.infer<S> } | { ok: false; field?: string; message: string } {
  const result = validate(schema, values);
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, field: result.error.field, message: translate(apiLangOf(i18n.language), result.error.message) };
}
