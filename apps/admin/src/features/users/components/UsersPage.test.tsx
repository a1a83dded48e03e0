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
    // The filtered page is asked for afresh (the form checks its fields first): wait for its row.
    const row = (await screen.findByText('Ally')).closest('tr')!;
    expect(within(row).getByText('Verified')).toBeTruthy();
    expect(within(row).getByText('150.00')).toBeTruthy();

    await userEvent.click(within(row).getByRole('link', { name: 'alice' }));
    expect(await screen.findByText('alice (#5) · Ally')).toBeTruthy();
    expect(screen.getByTestId('user-balance').textContent).toBe('150.00');
    expect(calls.find((c) => c.call === 'userDetail')?.body).toEqual({ lang: 'en', id: 5 });
  }, 60_000);

  it("filters by status, inviter, balance and sign-in address, and shows each row's status", async () => {
    const frozenBob = { ...bob, status: 'frozen' as const, frozen: true };
    const carol = { ...aliceRow, id: 7, username: 'carol', nickname: 'Caz', status: 'self_excluded' as const, last_sign_in_at: null, last_ip: '' };
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'sue', role: 'support' }),
      userSearch: (b) => ok(b.status === 'frozen' ? { total: 1, list: [frozenBob] } : { total: 3, list: [aliceRow, frozenBob, carol] }),
    });
    renderRoutes([{ path: '/users', element: <UsersPage /> }], '/users');
    const carolRow = (await screen.findByText('carol')).closest('tr')!;
    expect(within(carolRow).getByText('Self-excluded')).toBeTruthy();
    expect(within(screen.getByText('alice').closest('tr')!).getByText('Active')).toBeTruthy();
    expect(within(screen.getByText('alice').closest('tr')!).getByText(/203\.0\.113\.5/)).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByTitle('Frozen'));
    await userEvent.type(screen.getByLabelText('Invited by'), '42');
    await userEvent.type(screen.getByLabelText('Balance from'), '10');
    await userEvent.type(screen.getByLabelText('to'), '99.50');
    await userEvent.type(screen.getByLabelText('Sign-in IP'), ' 198.51.100.7 ');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('carol')).toBeNull());
    expect(calls.filter((c) => c.call === 'userSearch').at(-1)?.body).toEqual({
      lang: 'en',
      status: 'frozen',
      inviter_id: 42,
      balance_min: '10',
      balance_max: '99.50',
      ip: '198.51.100.7',
      page: 1,
      limit: 20,
    });
    expect(within((await screen.findByText('bob')).closest('tr')!).getByText('Frozen')).toBeTruthy();
  }, 60_000);

  it("checks each filter under its own field before asking, and puts the server's refusal under the field it names", async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'sue', role: 'support' }),
      userSearch: (b) => (b.ip ? { body: { code: 0, msg: 'Enter an IP address', time: 0, data: null, field: 'ip' } } : ok({ total: 1, list: [aliceRow] })),
    });
    renderRoutes([{ path: '/users', element: <UsersPage /> }], '/users');
    expect(await screen.findByText('alice')).toBeTruthy();
    const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item')!;
    const asked = () => calls.filter((c) => c.call === 'userSearch').length;
    const before = asked();

    await userEvent.type(screen.getByLabelText('Balance from'), '-1');
    await userEvent.type(screen.getByLabelText('Invited by'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(within(itemOf('Balance from') as HTMLElement).getByText('An amount of 0 or more, at most two decimals')).toBeTruthy());
    expect(within(itemOf('Invited by') as HTMLElement).getByText("The inviter's player ID, digits only")).toBeTruthy();
    expect(asked()).toBe(before);

    await userEvent.clear(screen.getByLabelText('Invited by'));
    await userEvent.clear(screen.getByLabelText('Balance from'));
    await userEvent.type(screen.getByLabelText('Balance from'), '50');
    await userEvent.type(screen.getByLabelText('to'), '5');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(within(itemOf('to') as HTMLElement).getByText('Cannot be below the lowest balance')).toBeTruthy());
    expect(asked()).toBe(before);

    await userEvent.clear(screen.getByLabelText('to'));
    await userEvent.clear(screen.getByLabelText('Balance from'));
    await userEvent.type(screen.getByLabelText('Sign-in IP'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(within(itemOf('Sign-in IP') as HTMLElement).getByText('Enter an IP address')).toBeTruthy());
    expect(calls.at(-1)?.body).toMatchObject({ ip: 'not-an-address' });
    // Shown under its field, not again above the list.
    expect(screen.getAllByText('Enter an IP address')).toHaveLength(1);
  }, 60_000);
});
