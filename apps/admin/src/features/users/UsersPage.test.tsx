import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../lib/session';
import { fakeServer, ok, renderRoutes } from '../../test/render';
import type { AnswerOf } from '@lucky28/shared/api';
import type * as api from '@lucky28/shared/api/refs';
import type { UserDetail } from './api';

type UserRow = AnswerOf<typeof api.admin.userSearch>['list'][number];
import { UsersPage } from './UsersPage';
import { UserDetailPage } from './UserDetailPage';

const alice: UserRow = {
  id: 5,
  username: 'alice',
  nickname: 'Ally',
  group_id: 1,
  money: '100.00',
  score: '50.00',
  balance: '150.00',
  shiming: 2,
  frozen: false,
  created_at: 1_780_000_000,
};
const bob: UserRow = { ...alice, id: 6, username: 'bob', nickname: 'Bobby', shiming: 0 };
const aliceDetail: UserDetail = {
  ...alice,
  real_name: 'Alice Wong',
  has_idcard: true,
  has_security_code: false,
  inviter: null,
  invitees: { total: 0, list: [] },
  sessions: [],
  accounts: [],
  protection: { exclusion: null, limits: [], reality_check: 0 },
};

beforeEach(() => session.set('op-token'));

describe('the users page', () => {
  it('searches players by the typed text from the first page and opens the one chosen', async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'sue', role: 'support' }),
      userSearch: (b) => ok(b.q === 'ali' ? { total: 1, list: [alice] } : { total: 2, list: [alice, bob] }),
      userDetail: () => ok(aliceDetail),
      userLedger: () => ok({ total: 0, list: [] }),
      userBets: () => ok({ total: 0, list: [] }),
    });
    renderRoutes(
      [
        { path: '/users', element: <UsersPage /> },
        { path: '/users/:id', element: <UserDetailPage /> },
      ],
      '/users',
    );
    expect(await screen.findByText('bob')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('User id, username or nickname'), '  ali ');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('bob')).toBeNull());
    expect(calls.filter((c) => c.call === 'userSearch').at(-1)?.body).toEqual({ lang: 'en', q: 'ali', page: 1, limit: 20 });
    const row = screen.getByText('Ally').closest('tr')!;
    expect(within(row).getByText('Verified')).toBeTruthy();
    expect(within(row).getByText('150.00')).toBeTruthy();

    await userEvent.click(within(row).getByRole('link', { name: 'alice' }));
    expect(await screen.findByText('alice (#5) · Ally')).toBeTruthy();
    expect(screen.getByTestId('user-balance').textContent).toBe('150.00');
    expect(calls.find((c) => c.call === 'userDetail')?.body).toEqual({ lang: 'en', id: 5 });
  }, 60_000);
});
