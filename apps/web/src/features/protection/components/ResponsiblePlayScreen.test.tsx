import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProtectionInfo } from '@lucky28/shared/schemas';
import { loadProtectionTexts } from '../../../i18n/protectionTexts';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fail, fakeApi, ok, screenAt } from '../../../test/render';
import { ResponsiblePlayScreen } from './ResponsiblePlayScreen';

const NOW = Math.floor(Date.now() / 1000);
const base: ProtectionInfo = {
  limits: [
    { kind: 'loss', period: 'day', amount: '50.00', pending_amount: '100.00', pending_from: NOW + 86_400, used: '20.00', resets_at: NOW + 3600 },
    { kind: 'stake', period: 'week', amount: null, pending_amount: '80.00', pending_from: NOW + 3600, used: '0.00', resets_at: NOW + 7200 },
  ],
  reality_check: 60,
  exclusion: null,
  session: { started_at: NOW, stake: '0.00', payout: '0.00', result: '0.00' },
  time_zone: 'Asia/Shanghai',
};

function show(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ '/api/user/protectionInfo': () => ok(base), ...handlers });
  configureApiClient({ fetch: api.fetch, getToken: () => useSession.getState().token });
  return { api, ...screenAt('/responsiblePlay', <ResponsiblePlayScreen />) };
}

beforeAll(() => loadProtectionTexts());

describe('ResponsiblePlayScreen', () => {
  beforeEach(() => useSession.getState().signIn({ token: 'tok', user_id: 1, group_id: 1 }, { remember: true }));

  it('lists every limit with what is used and a change pending until its 24 hours have passed', async () => {
    show();
    expect(await screen.findByText('Daily loss limit')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('limit-loss-day-amount').textContent).toBe('50.00 u'));
    expect(screen.getByTestId('limit-loss-day').textContent).toMatch(/Used 20\.00 u · resets/);
    expect(screen.getByTestId('limit-loss-day').textContent).toMatch(/Pending until \d{4}-\d\d-\d\d \d\d:\d\d: 100\.00 u/);
    expect(screen.getByTestId('limit-stake-week-amount').textContent).toBe('None');
    expect(screen.getByTestId('limit-deposit-month-amount').textContent).toBe('None');
    expect(screen.getByText('Longest session')).toBeTruthy();
  });

  it('sets a limit and shows the server’s answer; a refusal is shown and nothing is claimed', async () => {
    let answer: { status?: number; body: unknown } = ok(base.limits, 'Limit saved');
    const { api } = show({ '/api/user/setLimit': () => answer });
    fireEvent.click(await screen.findByText('Daily deposit limit'));
    const editor = await screen.findByTestId('limit-editor');
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '300' } });
    fireEvent.click(within(editor).getByTestId('limit-save'));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/user/setLimit')?.body).toMatchObject({ kind: 'deposit', period: 'day', amount: '300' }));
    expect(await screen.findByText('Limit saved')).toBeTruthy();

    answer = fail('Guests must register as full members before doing this');
    fireEvent.click(await screen.findByText('Daily deposit limit'));
    const again = await screen.findByTestId('limit-editor');
    fireEvent.change(within(again).getByRole('textbox'), { target: { value: '200' } });
    fireEvent.click(within(again).getByTestId('limit-save'));
    expect(await screen.findByText('Guests must register as full members before doing this')).toBeTruthy();
  });

  it('shows a limit of 0 as 0.00 u, not as none, and offers to remove it', async () => {
    const zero = { kind: 'deposit', period: 'week', amount: '0.00', pending_amount: null, pending_from: null, used: '0.00', resets_at: NOW + 7200 };
    const { api } = show({
      '/api/user/protectionInfo': () => ok({ ...base, limits: [...base.limits, zero] }),
      '/api/user/setLimit': () => ok(base.limits, 'Saved. A higher limit or a removal applies only after 24 hours.'),
    });
    await waitFor(() => expect(screen.getByTestId('limit-deposit-week-amount').textContent).toBe('0.00 u'));
    expect(screen.getByTestId('limit-deposit-week').textContent).toMatch(/Used 0\.00 u · resets/);
    fireEvent.click(screen.getByText('Weekly deposit limit'));
    fireEvent.click(within(await screen.findByTestId('limit-editor')).getByTestId('limit-remove'));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/user/setLimit')?.body).toMatchObject({ kind: 'deposit', period: 'week', remove: 1 }));
    expect(api.calls.find((c) => c.path === '/api/user/setLimit')!.body).not.toHaveProperty('amount');
  });

  it('sends 0 as a limit, and says what is wrong with an empty or malformed one without sending it', async () => {
    const { api } = show({ '/api/user/setLimit': () => ok(base.limits, 'Limit saved') });
    const sent = () => api.calls.filter((c) => c.path === '/api/user/setLimit');
    fireEvent.click(await screen.findByText('Daily stake limit'));
    const editor = await screen.findByTestId('limit-editor');
    fireEvent.click(within(editor).getByTestId('limit-save'));
    expect(await screen.findByText('Please enter the limit (0 is allowed), or remove the limit')).toBeTruthy();
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '-5' } });
    fireEvent.click(within(editor).getByTestId('limit-save'));
    expect(await screen.findByText('Please enter a valid limit')).toBeTruthy();
    expect(sent()).toHaveLength(0);
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '0' } });
    fireEvent.click(within(editor).getByTestId('limit-save'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toMatchObject({ kind: 'stake', period: 'day', amount: '0' });
    expect(sent()[0]!.body).not.toHaveProperty('remove');
  });

  it('checks the session limit in minutes before sending', async () => {
    const { api } = show();
    fireEvent.click(await screen.findByText('Longest session'));
    const editor = await screen.findByTestId('limit-editor');
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '0' } });
    fireEvent.click(within(editor).getByTestId('limit-save'));
    expect(await screen.findByText('The session limit must be between 10 and 1440 minutes')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/user/setLimit')).toBe(false);
  });

  it('offers reality checks of 15, 30 and 60 minutes only (no "off")', async () => {
    const { api } = show({ '/api/user/setRealityCheck': (b) => ok({ reality_check: b.minutes }, 'Reminder saved') });
    await screen.findByText('Every 60 min');
    const options = screen.getByTestId('reality-selector').querySelectorAll('.adm-selector-item');
    expect([...options].map((o) => o.textContent)).toEqual(['Every 15 min', 'Every 30 min', 'Every 60 min']);
    fireEvent.click(screen.getByText('Every 15 min'));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/user/setRealityCheck')?.body).toMatchObject({ minutes: 15 }));
  });

  it('self-exclusion asks for confirmation with the password, then signs out and leaves for /login', async () => {
    const until = NOW + 180 * 86_400;
    const { api, router } = show({ '/api/user/takeBreak': () => ok({ kind: 'self_exclusion', until, since: NOW }, 'Your break has started') });
    fireEvent.click(await screen.findByTestId('self-exclusion-6m'));
    const confirm = await screen.findByTestId('self-exclusion-confirm');
    expect(confirm.textContent).toContain('Exclude yourself for 6 months?');
    fireEvent.change(within(confirm).getByPlaceholderText('Password'), { target: { value: 'my-password-1' } });
    fireEvent.click(within(confirm).getByTestId('self-exclusion-submit'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/user/takeBreak')?.body).toMatchObject({
        kind: 'self_exclusion',
        duration: '6m',
        password: 'my-password-1',
      }),
    );
    const alert = await screen.findByText(/Your break has started\. Your account opens again on \d{4}-\d\d-\d\d \d\d:\d\d\./);
    fireEvent.click(within(alert.closest('.adm-dialog')!).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
  });

  it('a time-out asks to confirm first', async () => {
    const { api } = show({ '/api/user/takeBreak': () => ok({ kind: 'timeout', until: NOW + 86_400, since: NOW }) });
    fireEvent.click(await screen.findByTestId('timeout-24h'));
    const dialog = await screen.findByText(/Take a break for 24 hours\?/);
    fireEvent.click(within(dialog.closest('.adm-dialog')!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/Take a break for 24 hours\?/)).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/user/takeBreak')).toBe(false);
  });
});
