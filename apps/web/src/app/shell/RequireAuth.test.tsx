import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session';
import { renderRoutes } from '../../test/render';
import { GUARD_DELAY_MS, RequireAuth } from './RequireAuth';

const routes = [
  { element: <RequireAuth />, children: [{ path: '/personal', element: <div data-testid="personal" /> }] },
  { path: '/login', element: <div data-testid="login" /> },
];

describe('route guard', () => {
  afterEach(() => {
    useSession.getState().clear();
  });

  it('without a token: a loading notice for about 0.5 s, then /login (remembering the target)', async () => {
    const started = Date.now();
    const { router } = renderRoutes(routes, ['/personal?x=1']);
    expect(screen.queryByTestId('personal')).toBeNull();
    await waitFor(() => expect(document.querySelector('.adm-toast-mask')).not.toBeNull());
    expect(router.state.location.pathname).toBe('/personal');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(GUARD_DELAY_MS - 20);
    expect(router.state.location.state).toEqual({ from: '/personal?x=1' });
    expect(await screen.findByTestId('login')).toBeTruthy();
  });

  it('with a token: the screen renders', () => {
    useSession.getState().signIn({ token: 't', user_id: 1 }, { remember: false });
    renderRoutes(routes, ['/personal']);
    expect(screen.getByTestId('personal')).toBeTruthy();
  });
});
