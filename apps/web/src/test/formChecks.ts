import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { configureApiClient } from '../lib/api';
import { fakeApi, screenAt } from './render';

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

/** `expectNoticesInOrder` on `element` opened at `path`: its checks all run before any call, so the server hears nothing. */
export async function expectChecksBeforeAnyCall(path: string, element: ReactElement, ...order: Parameters<typeof expectNoticesInOrder>) {
  const api = fakeApi({});
  configureApiClient({ fetch: api.fetch });
  screenAt(path, element);
  await expectNoticesInOrder(...order);
  expect(api.calls).toHaveLength(0);
}
