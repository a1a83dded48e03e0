import type { ReactNode } from 'react';
import { Form, Input, type InputProps } from 'antd-mobile';
import type { useFieldProblem } from './useFieldProblem';

type FieldProblems = ReturnType<typeof useFieldProblem>;

interface FieldFrame {
  /** The form's refusals (`useFieldProblem`): the field is marked red while they name it. */
  problem: FieldProblems;
  /** The field's name as the server and the schema use it, or its aliases (the first is the one an edit clears). */
  field: string | [string, ...string[]];
  label: string;
  /** The help text under the field. */
  hint?: ReactNode;
  /** A refusal the screen finds itself, shown under the field (and marking it) instead of the hint. */
  error?: ReactNode;
}

type TextInput = Omit<InputProps, 'value' | 'onChange' | 'clearable'> & {
  value: string;
  onChange: (value: string) => void;
  'data-testid'?: string;
};

/**
 * One field of an antd-mobile form: the `Form.Item` with its label, help text and red mark
 * (`useFieldProblem`), and a clearable `Input` labelled like the field whose edits clear the mark.
 * A field with another control (a password input, a selector) passes it as `children` instead.
 */
export function FormField(props: FieldFrame & ({ children: ReactNode } | (TextInput & { children?: never }))) {
  const { problem, field, label, hint, error } = props;
  const itemProps = error ? { className: 'field-invalid', description: error } : problem.item(field, hint);
  return (
    <Form.Item label={label} {...itemProps}>
      {'value' in props ? <FieldInput {...props} /> : props.children}
    </Form.Item>
  );
}

function FieldInput({ problem, field, label, hint: _hint, error: _error, onChange, ...input }: FieldFrame & TextInput) {
  const edited = Array.isArray(field) ? field[0] : field;
  return <Input {...input} onChange={problem.editing(edited, onChange)} aria-label={label} clearable />;
}
