import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { RequireOperator } from './RequireOperator';

const fin = { id: 2, username: 'fin', role: 'finance', totp_enabled: false, totp_required: true, disabled: false, created_at: 1_780_000_000 };
const SECRET = 'JBSWY3DPEHPK3PXP';

beforeEach(() => session.set('op-token'));

describe('the TOTP gate of the console', () => {
  it('enrols an operator without TOTP with the secret shown, a current code and the password, then opens the console', async () => {
    let enabled = false;
    const { calls } = fakeServer({
      me: () => ok({ ...fin, totp_enabled: enabled }),
      totpSetup: () => ok({ secret: SECRET, otpauth_url: `otpauth://totp/Lucky28:fin?secret=${SECRET}&issuer=Lucky28` }),
      totpEnable: () => {
        enabled = true;
        return ok(null);
      },
    });
    renderScreen(
      <RequireOperator>
        <p>Console home</p>
      </RequireOperator>,
    );
    expect((await screen.findByTestId('totp-secret')).textContent).toContain(SECRET);
    expect(screen.getByRole('img', { name: 'Authenticator QR code' })).toBeTruthy();
    expect(screen.queryByText('Console home')).toBeNull();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'my password' } });
    await userEvent.click(screen.getByRole('button', { name: /Enable/ }));
    expect(await screen.findByText('Console home')).toBeTruthy();
    expect(calls.find((c) => c.call === 'totpEnable')?.body).toEqual({ lang: 'en', otp: '654321', password: 'my password', secret: SECRET });
  }, 60_000);

  it('shows the refusal of a wrong code and stays at the gate', async () => {
    fakeServer({
      me: () => ok(fin),
      totpSetup: () => ok({ secret: SECRET, otpauth_url: `otpauth://totp/Lucky28:fin?secret=${SECRET}&issuer=Lucky28` }),
      totpEnable: () => ({ body: { code: 0, msg: 'Incorrect verification code', time: 0, data: null, field: 'otp' } }),
    });
    renderScreen(
      <RequireOperator>
        <p>Console home</p>
      </RequireOperator>,
    );
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'my password' } });
    await userEvent.click(screen.getByRole('button', { name: /Enable/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect verification code');
    expect(screen.queryByText('Console home')).toBeNull();
  }, 60_000);
});
