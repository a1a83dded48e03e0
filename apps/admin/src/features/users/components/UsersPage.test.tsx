import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { aliceDetail, aliceRow } from '../../../test/fixtures';
import { fakeServer, ok, renderRoutes } from '../../../test/render';
import { UsersPage } from './UsersPage';
import { UserDetailPage } from './UserDetailPage';

const bob = { ...aliceRow, id: 6, username: 'bob', nickname: 'Bobby', shiming: 0 };

beforeEach(() => session.set('op-token'));

describe('the users page', () => {
  it('searches players by the typed text from the first page and opens the one chosen', async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'sue', role: 'support' }),
      userSearch: (b) => ok(b.q === 'ali' ? { total: 1, list: [aliceRow] } : { total: 2, list: [aliceRow, bob] }),
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
