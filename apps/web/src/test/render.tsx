import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { DialogHost } from '../components/DialogHost';

/** Renders routes in a memory router with a fresh query client, inside a frame that shows the dialogs as the app's does. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const frame: RouteObject = {
    element: (
      <>
        <Outlet />
        <DialogHost />
      </>
    ),
    children: routes,
  };
  const router = createMemoryRouter([frame], { initialEntries });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export const screenAt = (path: string, element: ReactElement, initial = path) =>
  renderRoutes(
    [
      { path: path.split('?')[0], element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    [initial],
  );

/**
 * A fetch double that answers API calls by path and records the JSON bodies it was sent. Multipart
 * uploads are passed on to the global fetch, which the upload tests stub to inspect the form.
 */
export function fakeApi(handlers: Record<string, (body: Record<string, unknown>) => { status?: number; body: unknown }>) {
  const calls: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) return globalThis.fetch(input, init);
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = handlers[url.pathname];
    if (!handler) return new Response(JSON.stringify({ code: 0, msg: 'Not found', time: 0, data: null }), { status: 404 });
    const answer = handler(body);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}

export const ok = <T,>(data: T, msg = 'Success') => ({ body: { code: 1, msg, time: 0, data } });
export const fail = (msg: string, code = 0, status = 200, field?: string) => ({
  status,
  body: { code, msg, time: 0, data: null, ...(field ? { field } : {}) },
});
