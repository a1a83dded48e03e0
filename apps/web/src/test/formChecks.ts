import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Types `value` into the field with that placeholder. */
export const fill = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

/**
 * A form that checks its fields one at a time: submitting it empty shows `first`; then each step fills
 * one field and submits again, and the step's notice shows.
 */
export async function expectNoticesInOrder(submitLabel: string, first: string, steps: [placeholder: string, value: string, notice: string][]) {
  const submit = () => fireEvent.click(screen.getByRole('button', { name: submitLabel }));
  submit();
  expect(await screen.findByText(first)).toBeTruthy();
  for (const [placeholder, value, notice] of steps) {
    fill(placeholder, value);
    submit();
    expect(await screen.findByText(notice)).toBeTruthy();
  }
}
