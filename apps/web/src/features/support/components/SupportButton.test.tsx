import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { SupportButton } from './SupportButton';

const CHAT = 'https://chat.example.test/widget?site=lucky28';
const CODE = 'c0de-c0de-c0de-c0de-c0de-c0de-c0de-c0de-c0d';

function show(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  configureApiClient({ fetch: api.fetch, getToken: () => useSession.getState().token });
  const view = renderRoutes([
    { path: '/', element: <SupportButton /> },
    { path: '/login', element: <div data-testid="login-screen" /> },
  ]);
  return { api, ...view };
}

/** A stand-in for the new tab window.open gives back. */
function fakeTab() {
  const tab = { opener: window as unknown, location: { replace: vi.fn() }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

describe('SupportButton', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useSession.getState().clear();
  });

  it('shows nothing when no chat is configured', async () => {
    const { api } = show({ '/api/support/config': () => ok({ enabled: false, url: null }) });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/support/config')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('support-bubble')).toBeNull();
  });

  it('shows nothing when the config cannot be read', async () => {
    const { api } = show({ '/api/support/config': () => fail('nope') });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/support/config')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('support-bubble')).toBeNull();
  });

  it('opens the chat’s own address for a logged-out visitor: no hand-off, no code, no identity', async () => {
    const { tab, open } = fakeTab();
    const { api } = show({ '/api/support/config': () => ok({ enabled: true, url: CHAT }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Customer service' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(CHAT));
    expect(api.calls.some((c) => c.path === '/api/support/handoff')).toBe(false);
  });

  it('opens the chat with a fresh hand-off code in a new tab cut off from the app, never with the token', async () => {
    useSession.getState().signIn({ token: 'session-token-secret', user_id: 7 }, { remember: false });
    const { tab, open } = fakeTab();
    const { api } = show({
      '/api/support/config': () => ok({ enabled: true, url: CHAT }),
      '/api/support/handoff': () => ok({ url: `${CHAT}&code=${CODE}` }),
    });
    fireEvent.click(await screen.findByTestId('support-bubble'));
    // The tab is opened within the tap, before the answer, and loses its handle on the app.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(`${CHAT}&code=${CODE}`));
    const handoffs = api.calls.filter((c) => c.path === '/api/support/handoff');
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0]!.headers.token).toBe('session-token-secret');
    expect(tab.location.replace.mock.calls[0]![0]).not.toContain('session-token-secret');
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the empty tab and shows the server’s message when the hand-off is refused', async () => {
    useSession.getState().signIn({ token: 't', user_id: 7 }, { remember: false });
    const { tab } = fakeTab();
    show({
      '/api/support/config': () => ok({ enabled: true, url: CHAT }),
      '/api/support/handoff': () => fail('Customer service chat is not available at the moment'),
    });
    fireEvent.click(await screen.findByTestId('support-bubble'));
    expect(await screen.findByText('Customer service chat is not available at the moment')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('refuses to navigate to anything but a web address', async () => {
    useSession.getState().signIn({ token: 't', user_id: 7 }, { remember: false });
    const { tab } = fakeTab();
    show({
      '/api/support/config': () => ok({ enabled: true, url: CHAT }),
      '/api/support/handoff': () => ok({ url: 'javascript:alert(1)' }),
    });
    fireEvent.click(await screen.findByTestId('support-bubble'));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.replace).not.toHaveBeenCalled();
  });
});
