import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderRoutes } from '../../../test/render';
import { RequireOperator } from './RequireOperator';
import { SecurityPage } from './SecurityPage';

const fin = { id: 2, username: 'fin', role: 'finance', totp_enabled: true, totp_required: true, disabled: false, created_at: 1_780_000_000 };

beforeEach(() => session.set('op-token'));

describe('my security page', () => {
  it('shows who is signed in with TOTP on, and signs out everywhere after confirmation', async () => {
    const { calls } = fakeServer({ me: () => ok(fin), logoutAll: () => ok(null) });
    renderRoutes(
      [
        {
          path: '/security',
          element: (
            <RequireOperator>
              <SecurityPage />
            </RequireOperator>
          ),
        },
        { path: '/login', element: <p>Sign-in page</p> },
      ],
      '/security',
    );
    expect(await screen.findByText('Two-factor authentication is on')).toBeTruthy();
    expect(screen.getByText('fin')).toBeTruthy();
    expect(screen.getByText('Finance')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('This ends your sessions on every device. Continue?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(session.token()).toBeNull();
    expect(calls.find((c) => c.call === 'logoutAll')?.body).toEqual({ lang: 'en' });
    expect(calls.some((c) => c.call === 'logout')).toBe(false);
  }, 60_000);
});
