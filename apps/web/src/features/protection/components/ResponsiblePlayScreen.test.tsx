import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProtectionInfo } from '@lucky28/shared/schemas';
import { loadProtectionTexts } from '../../../i18n/protectionTexts';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderRoutes, screenAt } from '../../../test/render';
import { zonedTime } from '../model/zonedTime';
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
    // The toast is its own React root, rendered after the editor closes and its history entry goes (slow on a busy machine).
    expect(await screen.findByText('Limit saved', {}, { timeout: 5000 })).toBeTruthy();

    answer = fail('Guests must register as full members before doing this');
    fireEvent.click(await screen.findByText('Daily deposit limit'));
    const again = await screen.findByTestId('limit-editor');
    fireEvent.change(within(again).getByRole('textbox'), { target: { value: '200' } });
    fireEvent.click(within(again).getByTestId('limit-save'));
    expect(await screen.findByText('Guests must register as full members before doing this', {}, { timeout: 5000 })).toBeTruthy();
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
    // A limit of 0 is confirmed first (below).
    const confirm = await screen.findByTestId('limit-zero-confirm');
    fireEvent.click(within(confirm.closest('.adm-dialog')!).getByRole('button', { name: 'Set to 0' }));
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

  it('a loss limit of 0 says what it does before it is saved: no betting until 24 hours from now, in the operator’s zone', async () => {
    const { api } = show({ '/api/user/setLimit': () => ok(base.limits, 'Limit saved') });
    const sent = () => api.calls.filter((c) => c.path === '/api/user/setLimit');
    fireEvent.click(await screen.findByText('Daily loss limit'));
    const editor = await screen.findByTestId('limit-editor');
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '0.00' } });
    const before = Date.now();
    fireEvent.click(within(editor).getByTestId('limit-save'));
    const confirm = await screen.findByTestId('limit-zero-confirm');
    const dialog = confirm.closest('.adm-dialog') as HTMLElement;
    expect(dialog.textContent).toContain('Daily loss limit: 0 u');
    // The earliest time a raise could apply, as the server's messages write times: the operator's zone, not the device's.
    const times = [before, Date.now()].map((ms) => zonedTime(Math.floor((ms + 86_400_000) / 1000), 'Asia/Shanghai'));
    const expected = (until: string) =>
      `A loss limit of 0 u leaves no room for a losing bet: in practice, no betting. Raising or removing a limit takes 24 hours, so there will be no betting until ${until} at the earliest.`;
    expect(times.map(expected)).toContain(confirm.textContent);
    // Cancel: nothing is saved and the editor stays open with what was typed.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('limit-zero-confirm')).toBeNull());
    expect(sent()).toHaveLength(0);
    expect((within(editor).getByRole('textbox') as HTMLInputElement).value).toBe('0.00');
    // Confirmed: saved.
    fireEvent.click(within(editor).getByTestId('limit-save'));
    fireEvent.click(within((await screen.findByTestId('limit-zero-confirm')).closest('.adm-dialog')!).getByRole('button', { name: 'Set to 0' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toMatchObject({ kind: 'loss', period: 'day', amount: '0.00' });
  });

  it('a deposit limit of 0 says no deposits; a limit above 0 is saved without asking', async () => {
    const { api } = show({ '/api/user/setLimit': () => ok(base.limits, 'Limit saved') });
    fireEvent.click(await screen.findByText('Weekly deposit limit'));
    const editor = await screen.findByTestId('limit-editor');
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '0' } });
    fireEvent.click(within(editor).getByTestId('limit-save'));
    expect((await screen.findByTestId('limit-zero-confirm')).textContent).toMatch(
      /allows no deposit at all\. .* no deposits until \d{4}-\d\d-\d\d \d\d:\d\d at the earliest\.$/,
    );
    fireEvent.click(within(screen.getByTestId('limit-zero-confirm').closest('.adm-dialog')!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('limit-zero-confirm')).toBeNull());
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '0.01' } });
    fireEvent.click(within(editor).getByTestId('limit-save'));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/user/setLimit')).toHaveLength(1));
    expect(screen.queryByTestId('limit-zero-confirm')).toBeNull();
  });
});

describe('ResponsiblePlayScreen: Back closes what is open, innermost first, and only then leaves', () => {
  beforeEach(() => useSession.getState().signIn({ token: 'tok', user_id: 1, group_id: 1 }, { remember: true }));

  function open(handlers: Parameters<typeof fakeApi>[0] = {}) {
    const api = fakeApi({ '/api/user/protectionInfo': () => ok(base), ...handlers });
    configureApiClient({ fetch: api.fetch, getToken: () => useSession.getState().token });
    const rendered = renderRoutes(
      [
        { path: '/responsiblePlay', element: <ResponsiblePlayScreen /> },
        { path: '*', element: <div data-testid="elsewhere" /> },
      ],
      ['/setting', '/responsiblePlay'],
    );
    return { api, ...rendered };
  }
  const shown = (el: Element | null) => {
    const popup = el?.closest('.adm-popup') as HTMLElement | null;
    return popup !== null && popup !== undefined && popup.style.display !== 'none';
  };
  const back = (router: ReturnType<typeof open>['router']) => act(() => router.navigate(-1));

  it('the limit editor, and the 0 confirmation above it', async () => {
    const { api, router } = open({ '/api/user/setLimit': () => ok(base.limits, 'Limit saved') });
    fireEvent.click(await screen.findByText('Daily stake limit'));
    const editor = await screen.findByTestId('limit-editor');
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['limit-editor'] }));
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '0' } });
    fireEvent.click(within(editor).getByTestId('limit-save'));
    await screen.findByTestId('limit-zero-confirm');
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['limit-editor', 'dialog'] }));
    // Back: the confirmation closes as Cancel would; the editor stays.
    await back(router);
    await waitFor(() => expect(screen.queryByTestId('limit-zero-confirm')).toBeNull());
    expect(router.state.location.pathname).toBe('/responsiblePlay');
    expect(shown(screen.getByTestId('limit-editor'))).toBe(true);
    expect(api.calls.some((c) => c.path === '/api/user/setLimit')).toBe(false);
    // Back: the editor closes; the screen stays.
    await back(router);
    await waitFor(() => expect(shown(screen.queryByTestId('limit-editor'))).toBe(false));
    expect(router.state.location.pathname).toBe('/responsiblePlay');
    // Back: leaves the screen.
    await back(router);
    expect(router.state.location.pathname).toBe('/setting');
  });

  it('the self-exclusion step', async () => {
    const { api, router } = open();
    fireEvent.click(await screen.findByTestId('self-exclusion-1y'));
    await screen.findByTestId('self-exclusion-confirm');
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['self-exclusion'] }));
    await back(router);
    await waitFor(() => expect(shown(screen.queryByTestId('self-exclusion-confirm'))).toBe(false));
    expect(router.state.location.pathname).toBe('/responsiblePlay');
    expect(api.calls.some((c) => c.path === '/api/user/takeBreak')).toBe(false);
  });

  it('the time-out confirmation', async () => {
    const { api, router } = open();
    fireEvent.click(await screen.findByTestId('timeout-7d'));
    await screen.findByText(/Take a break for 7 days\?/);
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['dialog'] }));
    await back(router);
    await waitFor(() => expect(screen.queryByText(/Take a break for 7 days\?/)).toBeNull());
    expect(router.state.location.pathname).toBe('/responsiblePlay');
    expect(api.calls.some((c) => c.path === '/api/user/takeBreak')).toBe(false);
    // A limit's line still opens its editor: nothing was left half-closed.
    fireEvent.click(screen.getByText('Daily deposit limit'));
    expect(shown(await screen.findByTestId('limit-editor'))).toBe(true);
  });
});
