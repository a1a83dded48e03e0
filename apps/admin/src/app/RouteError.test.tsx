import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../lib/api';
import { RouteError } from './RouteError';

function renderBroken(error: unknown) {
  const Broken = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Broken />, ErrorBoundary: RouteError }]);
  return render(<RouterProvider router={router} />);
}

describe('the console\'s "anything else" error page', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});

  it('gives an incident id made in the browser when no call has failed, labelled as such', async () => {
    renderBroken(new Error('x is undefined'));
    const id = await screen.findByTestId('route-error-request-id');
    expect(id.getAttribute('data-from-server')).toBe('false');
    expect(id.textContent).toMatch(/^Incident id \(this browser\): C-[0-9A-Z]+-[0-9A-Z]{4}/);
  });

  it("gives the last failed call's x-request-id when the error itself carries none", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 0, msg: 'Server busy', time: 0, data: null }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'x-request-id': 'req-c0ffee' },
          }),
      ),
    );
    await expect(call(api.admin.me)).rejects.toThrow('Server busy');
    renderBroken(new TypeError("Cannot read properties of undefined (reading 'rows')"));
    const id = await screen.findByTestId('route-error-request-id');
    expect(id.getAttribute('data-from-server')).toBe('true');
    expect(screen.getByTestId('route-error-id').textContent).toBe('req-c0ffee');
    expect(id.textContent).toContain('Request id:');
  });
});
