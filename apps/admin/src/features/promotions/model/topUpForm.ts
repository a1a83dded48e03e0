/**
 * The budget's top-up as the dialog holds it: the amount in u as typed (read exactly by the shared
 * schema, the server's own check) and a note. Each field the schema refuses is named with its message key.
 */
import type { z } from 'zod';
import { budgetTopUpSchema } from '@lucky28/shared/schemas';

export interface TopUpValues {
  amount?: string;
  note?: string;
}
export type TopUpField = keyof TopUpValues;
export type TopUpBody = z.input<typeof budgetTopUpSchema>;
export type TopUpCheck = { ok: true; body: TopUpBody } | { ok: false; errors: { name: TopUpField; key: string }[] };

const FIELDS: readonly TopUpField[] = ['amount', 'note'];

export function checkTopUp(v: TopUpValues): TopUpCheck {
  const body: TopUpBody = { amount: v.amount ?? '', ...(v.note?.trim() ? { note: v.note } : {}) };
  const parsed = budgetTopUpSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: { name: TopUpField; key: string }[] = [];
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0]) as TopUpField;
    if (FIELDS.includes(name) && !errors.some((e) => e.name === name)) errors.push({ name, key: issue.message });
  }
  return { ok: false, errors };
}

/** The dialog's field a server's refusal naming `field` goes under; undefined for none of its own. */
export const refusedTopUpField = (field: string | undefined): TopUpField | undefined => FIELDS.find((f) => f === field);
