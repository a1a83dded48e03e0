import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/** Renders a screen in a memory router with a fresh query client (no retries) inside antd's App. */
export function renderScreen(element: ReactElement, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return {
    queryClient,
    ...render(
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>,
    ),
  };
}

type Handler = (body: Record<string, unknown>) => { status?: number; body: unknown };

/**
 * A fetch double standing in for the server (`vi.stubGlobal('fetch', …)`): answers operator calls by
 * name from handlers and records every call with its JSON body.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: { call: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call = url.pathname.replace('/api/admin/', '');
    const body = init?.body && typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    calls.push({ call, body });
    const handler = handlers[call];
    if (!handler) return new Response(JSON.stringify({ code: 0, msg: 'Not found', time: 0, data: null }), { status: 404 });
    const answer = handler(body);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

export const ok = <T,>(data: T) => ({ body: { code: 1, msg: 'Success', time: 0, data } });
export const refuse = (msg: string, status = 200, code = 0) => ({ status, body: { code, msg, time: 0, data: null } });
