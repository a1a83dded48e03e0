import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

/** Renders a screen in a memory router with a fresh query client (no retries) inside antd's App. */
export function renderScreen(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}

/** A query client for a test: no retries, so a refused call shows at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Renders routes (a screen and those it links to) at `path`, as renderScreen does. antd's styles are
 * generated but not put in the page (`mock="server"`): jsdom matches every style rule against an element
 * at each getComputedStyle, which testing-library calls for every role query — ten times the time.
 */
export function renderRoutes(routes: RouteObject[], path: string, queryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    queryClient,
    router,
    ...render(
      <StyleProvider mock="server">
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </StyleProvider>,
    ),
  };
}

/** A JSON body as an object; a multipart upload or no body as {}. */
function parseJson(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type Handler = (body: Record<string, unknown>) => { status?: number; body: unknown };

/**
 * A fetch double standing in for the server (`vi.stubGlobal('fetch', …)`): answers operator calls by
 * name from handlers and records every call with its JSON body.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: { call: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The client may pass a Request or a URL with its init: the same call either way.
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), 'http://localhost');
    // An operator call by its name; any other path whole, so no handler answers it by mistake.
    const call = url.pathname.startsWith('/api/admin/') ? url.pathname.slice('/api/admin/'.length) : url.pathname;
    const text = request ? await request.clone().text() : typeof init?.body === 'string' ? init.body : '';
    const body = parseJson(text);
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
