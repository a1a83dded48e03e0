import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderRoutes } from '../../../test/render';
import { LoginPage } from './LoginPage';

const root = { id: 1, username: 'root', role: 'admin', totp_enabled: true, totp_required: true, disabled: false, created_at: 1_780_000_000 };
const refusal = (msg: string, field?: string) => ({ body: { code: 0, msg, time: 0, data: null, ...(field ? { field } : {}) } });

/** The sign-in page, and the console's first screen it leads to. */
const renderLogin = () =>
  renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Console home</p> },
    ],
    '/login',
  );

describe('the sign-in page', () => {
  it('asks for the TOTP code when the server wants it, then signs in and opens the console', async () => {
    const { calls } = fakeServer({
      me: () => ok(root),
      login: (b) =>
        b.otp === undefined ? refusal('Please enter the 6-digit code from your authenticator app', 'otp') : ok({ token: 'op-token-1', operator: root }),
    });
    renderLogin();
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'root' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    await userEvent.click(screen.getByRole('button', { name: /Sign in/ }));
    const otp = await screen.findByLabelText('Verification code');
    expect(calls.find((c) => c.call === 'login')?.body).toEqual({ lang: 'en', username: 'root', password: 'correct horse' });
    expect((screen.getByLabelText('Username') as HTMLInputElement).disabled).toBe(true);
    expect(session.token()).toBeNull();

    await userEvent.type(otp, '123456');
    await userEvent.click(screen.getByRole('button', { name: /Sign in/ }));
    expect(await screen.findByText('Console home')).toBeTruthy();
    expect(calls.filter((c) => c.call === 'login').at(-1)?.body).toEqual({ lang: 'en', username: 'root', password: 'correct horse', otp: '123456' });
    expect(session.token()).toBe('op-token-1');
  }, 60_000);

  it("shows the server's refusal and stays signed out", async () => {
    fakeServer({ login: () => refusal('Incorrect username or password') });
    renderLogin();
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'root' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong password' } });
    await userEvent.click(screen.getByRole('button', { name: /Sign in/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password');
    await waitFor(() => expect(screen.getByRole('button', { name: /Sign in/ }).className).not.toContain('loading'));
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(session.token()).toBeNull();
  }, 60_000);
});
