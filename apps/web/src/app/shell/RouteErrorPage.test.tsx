import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiPost, configureApiClient } from '../../lib/api/client';
import { withTexts } from './RouteError';

const RouteError = withTexts().default;

/** A screen that throws while rendering, shown through its route's error element. */
function renderBroken(error: unknown) {
  const Broken = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
  return render(<RouterProvider router={router} />);
}

describe('the "anything else" error page', () => {
  // React logs the thrown error; the test expects it.
  vi.spyOn(console, 'error').mockImplementation(() => {});

  it('gives an incident id made on the device when no call has failed, labelled as such', async () => {
    renderBroken(new Error('x is undefined'));
    const id = await screen.findByTestId('route-error-request-id');
    expect(screen.getByTestId('route-error').getAttribute('data-trouble')).toBe('error');
    expect(id.getAttribute('data-from-server')).toBe('false');
    expect(id.textContent).toMatch(/^Incident id \(this device\): C-[0-9A-Z]+-[0-9A-Z]{4}$/);
  });

  it("gives the last failed call's x-request-id when the error itself carries none", async () => {
    configureApiClient({
      fetch: async () =>
        new Response(JSON.stringify({ code: 0, msg: 'Server busy', time: 0, data: null }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-7f3a' },
        }),
    });
    await expect(apiPost('/api/user/userInfo')).rejects.toThrow('Server busy');
    renderBroken(new TypeError("Cannot read properties of undefined (reading 'list')"));
    const id = await screen.findByTestId('route-error-request-id');
    expect(id.getAttribute('data-from-server')).toBe('true');
    expect(id.textContent).toBe('Request id: req-7f3a');
    expect(screen.queryByText(/reading 'list'/)).toBeNull();
  });

  it('shows no id on the offline notice', async () => {
    renderBroken(new ApiError('Network error', 'network'));
    expect((await screen.findByTestId('route-error')).getAttribute('data-trouble')).toBe('offline');
    expect(screen.queryByTestId('route-error-request-id')).toBeNull();
  });
});
