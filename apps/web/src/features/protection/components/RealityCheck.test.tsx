import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Dialog } from 'antd-mobile';
import type { ProtectionInfo } from '@lucky28/shared/schemas';
import { loadProtectionTexts } from '../../../i18n/protectionTexts';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { RealityCheck } from './RealityCheck';

const info = (startedMinutesAgo: number, minutes: number): ProtectionInfo => ({
  limits: [],
  reality_check: minutes,
  exclusion: null,
  session: { started_at: Math.floor(Date.now() / 1000) - startedMinutesAgo * 60, stake: '120.00', payout: '80.00', result: '-40.00' },
  time_zone: 'Asia/Shanghai',
});

function show(answer: ProtectionInfo) {
  const api = fakeApi({ '/api/user/protectionInfo': () => ok(answer), '/api/user/logout': () => ok(null) });
  configureApiClient({ fetch: api.fetch, getToken: () => useSession.getState().token });
  return { api, ...screenAt('/', <RealityCheck />) };
}

beforeAll(() => loadProtectionTexts());

describe('RealityCheck', () => {
  beforeEach(() => {
    Dialog.clear();
    sessionStorage.clear();
    useSession.getState().signIn({ token: 'tok', user_id: 1, group_id: 1 }, { remember: false });
  });

  it('after the interval shows the time played and the session result; "continue" carries on', async () => {
    show(info(31, 30));
    const dialog = await screen.findByTestId('reality-check');
    expect(dialog.textContent).toContain('You have been playing for 0 h 31 min.');
    expect(dialog.textContent).toContain('Result of this session: -40.00 u (staked 120.00 u, paid out 80.00 u).');
    fireEvent.click(within(dialog.closest('.adm-dialog')!).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
    expect(useSession.getState().token).toBe('tok');
    expect(JSON.parse(sessionStorage.getItem('lucky28.realityCheck')!)).toMatchObject({ answered: 1 });
  });

  it('"leave" signs out', async () => {
    const { api, router } = show(info(61, 60));
    const dialog = await screen.findByTestId('reality-check');
    fireEvent.click(within(dialog.closest('.adm-dialog')!).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls.some((c) => c.path === '/api/user/logout')).toBe(true);
    expect(useSession.getState().token).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
  });

  it('stays quiet before the interval has passed', async () => {
    const { api } = show(info(10, 15));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});
