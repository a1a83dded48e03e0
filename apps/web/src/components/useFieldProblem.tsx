import { useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { showError, showNotice } from '../lib/feedback';

interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A form's refusals (client checks and the server's `field`): the message as a toast (docs/product.md#validation-rules), and
 * the field it names marked red until that field is edited or the form is sent again.
 */
export function useFieldProblem() {
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  return {
    /** Says `message`; marks `field` (a message naming no field clears any mark). */
    report(message: string, field?: string) {
      showNotice(message);
      setProblem(field ? { field, message } : null);
    },
    /** A failed request: its message, and the field the server named. */
    fail(error: unknown) {
      showError(error);
      setProblem(error instanceof ApiError && error.field ? { field: error.field, message: error.message } : null);
    },
    clear() {
      setProblem(null);
    },
    /** `set` that also clears the mark of `field` once the user edits it. */
    editing<T>(field: string, set: (value: T) => void): (value: T) => void {
      return (value: T) => {
        setProblem((p) => (p?.field === field ? null : p));
        set(value);
      };
    },
    /** Whether `field` (or one of `fields`) is marked. */
    marks(...fields: string[]): boolean {
      return problem !== null && fields.includes(problem.field);
    },
    /** Props for the antd-mobile `Form.Item` of `field` (or any of its aliases: the names the server and the schema use). */
    item(field: string | string[], description?: ReactNode): { className?: string; description?: ReactNode } {
      const names = Array.isArray(field) ? field : [field];
      return problem && names.includes(problem.field) ? { className: 'field-invalid', description } : { description };
    },
  };
}
