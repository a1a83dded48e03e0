import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fail, fakeApi, ok, screenAt } from '../../../test/render';
import { SetSecurityCodeScreen } from './SetSecurityCodeScreen';

const press = (digits: string) => {
  for (const d of digits) fireEvent.click(screen.getByRole('button', { name: d }));
};

/** Enters `digits`; the screen then asks for the `next` code. */
const pressThenAsked = (digits: string, next: string) => {
  press(digits);
  expect(screen.getByTestId('code-step').textContent).toBe(next);
};

/** Opens the screen for a player who has (`isTrue`) or has not set a code yet; `setSafety` answers the submission. */
function openWith(isTrue: boolean, setSafety = () => ok(null, 'Set successfully')) {
  const api = fakeApi({ '/api/user/safetyInfo': () => ok({ isTrue }), '/api/user/setSafety': setSafety });
  configureApiClient({ fetch: api.fetch });
  screenAt('/setSecurityCode', <SetSecurityCodeScreen />);
  return api;
}

describe('SetSecurityCodeScreen', () => {
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 1 }, { remember: false }));

  it('first time: asks for the code twice, submits by itself at the 6th digit of the second entry, with the new code only', async () => {
    const api = openWith(false);
    expect((await screen.findByTestId('code-step')).textContent).toBe('Set a 6-digit security code');
    pressThenAsked('123456', 'Enter the new security code again');
    press('12345');
    expect(api.calls.some((c) => c.path === '/api/user/setSafety')).toBe(false);
    press('6');
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/user/setSafety')).toBeDefined());
    const body = api.calls.find((c) => c.path === '/api/user/setSafety')!.body;
    expect(body.new_code).toBe('123456');
    expect(body).not.toHaveProperty('after_code');
    expect(await screen.findByText('Set successfully')).toBeTruthy();
  });

  it('once set: asks for the current code, then the new one twice, and sends both', async () => {
    const api = openWith(true);
    expect((await screen.findByTestId('code-step')).textContent).toBe('Enter your current security code');
    pressThenAsked('111111', 'Enter a new 6-digit security code');
    pressThenAsked('222222', 'Enter the new security code again');
    press('222222');
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/user/setSafety')).toBeDefined());
    expect(api.calls.find((c) => c.path === '/api/user/setSafety')!.body).toMatchObject({ after_code: '111111', new_code: '222222' });
  });

  it('two different entries of the new code send nothing and ask for the new code again', async () => {
    const api = openWith(false);
    await screen.findByTestId('code-step');
    press('123456');
    press('654321');
    expect(await screen.findByText('The two codes do not match, please set the new code again')).toBeTruthy();
    expect(screen.getByTestId('code-step').textContent).toBe('Set a 6-digit security code');
    expect(api.calls.some((c) => c.path === '/api/user/setSafety')).toBe(false);
  });

  it('a wrong current code shows the server message and starts over', async () => {
    openWith(true, () => fail('Current security code is incorrect'));
    await screen.findByTestId('code-step');
    press('999999');
    press('222222');
    press('222222');
    expect(await screen.findByText('Current security code is incorrect')).toBeTruthy();
    expect(screen.getByTestId('code-step').textContent).toBe('Enter your current security code');
  });
});
