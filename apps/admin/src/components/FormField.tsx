import type { ReactNode } from 'react';
import { Form, type FormItemProps } from 'antd';

/** What a required field asks: by default, its own label when left empty. */
interface Required {
  /** The message under the field when it is empty or refused (default: the label). */
  message?: string;
  /** Blank text counts as empty. */
  whitespace?: boolean;
  /** The value must also match this. */
  pattern?: RegExp;
}

/**
 * One field of an antd form: the `Form.Item` with its label, the help text under it (`hint`) and,
 * for a required field, the one rule the console's forms give it — empty (or not matching
 * `pattern`) shows `message`, the field's label unless told otherwise. Further `rules` (a field's own
 * check) follow that one.
 */
export function FormField({
  label,
  hint,
  required,
  children,
  rules = [],
  ...item
}: Omit<FormItemProps, 'label' | 'extra' | 'required'> & { label: string; hint?: ReactNode; required?: boolean | Required; children: ReactNode }) {
  const rule = required === true ? {} : required || null;
  const all = [...(rule ? [{ required: true, ...rule, message: rule.message ?? label }] : []), ...rules];
  return (
    <Form.Item {...item} label={label} {...(hint === undefined ? {} : { extra: hint })} {...(all.length ? { rules: all } : {})}>
      {children}
    </Form.Item>
  );
}
