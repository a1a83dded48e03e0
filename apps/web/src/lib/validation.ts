import { translate } from '@lucky28/shared/messages';
import { validate } from '@lucky28/shared/schemas';
import type { z } from 'zod';
import { currentApiLang } from './i18n';

/**
 * Client-side validation with the server's own zod schemas (packages/shared). Their messages are
 * keys of the API message catalogue; the first failure is translated to the UI language.
 */
/** A form's values as a schema judged them: the parsed value, or the first problem's message and field. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; field?: string };

export function firstProblem<S extends z.ZodType>(schema: S, input: unknown): Checked<z.infer<S>> {
  const result = validate(schema, input);
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, message: apiMessage(result.error.message), field: result.error.field };
}

/** A key of the API message catalogue in the current UI language. */
export const apiMessage = (key: string, params?: Record<string, string | number>) => translate(currentApiLang(), key, params);
