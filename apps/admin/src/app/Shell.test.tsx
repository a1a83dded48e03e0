import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorRole } from '@lucky28/shared';
import { pendingDeposit } from '../test/fixtures';
import { fakeServer, ok, refuse, renderRoutes, testQueryClient } from '../test/render';
import { session } from '../lib/session';
import { DepositQueue } from '../features/queues/components/DepositQueue';
import { Shell } from './Shell';

/** The console frame, signed in with `role`, showing the deposit queue. */
function renderShell(role: OperatorRole) {
  session.set('op-token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], { id: 1, username: 'olga', role, totp_enabled: true, totp_required: true, disabled: false, created_at: 0 });
  return renderRoutes([{ path: '/', element: <Shell />, children: [{ path: 'queues/deposits', element: <DepositQueue /> }] }], '/queues/deposits', queryClient);
}

const menuItem = (name: RegExp) => screen.getAllByRole('menuitem').find((item) => name.test(item.textContent ?? ''));
/** The number on a menu entry's badge ('' when the queue is empty and no number shows). */
const countOn = (name: RegExp, queue: string) => within(menuItem(name)!).queryByTestId(`count-${queue}`)?.textContent ?? '';

describe('console menu', () => {
  it('shows live counts of the queues a finance operator works, and the count drops when an item is decided', async () => {
    let pending = [pendingDeposit];
    const { calls } = fakeServer({
      queueCounts: () => ok({ deposits: pending.length, withdrawals: 4, real_names: null }),
      depositList: (b) => ok(b.status === 0 ? pending : []),
      depositApprove: () => {
        pending = [];
        return ok({ id: 41, status: 1 });
      },
    });
    renderShell('finance');
    await waitFor(() => expect(countOn(/^Deposits/, 'deposits')).toBe('1'));
    expect(countOn(/^Withdrawals/, 'withdrawals')).toBe('4');
    expect(menuItem(/Real-name reviews/)).toBeUndefined();
    expect(calls.find((c) => c.call === 'queueCounts')?.body).toMatchObject({ lang: 'en' });

    const row = (await screen.findByText('alice (#7)')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    // The menu follows the queue: nothing left, no number on the badge.
    await waitFor(() => expect(countOn(/^Deposits/, 'deposits')).toBe(''));
    expect(calls.filter((c) => c.call === 'queueCounts').length).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it('shows a support operator only the real-name queue, with its count', async () => {
    fakeServer({
      queueCounts: () => ok({ deposits: null, withdrawals: null, real_names: 2 }),
      depositList: () => refuse('You do not have permission to do this', 403, 403),
    });
    renderShell('support');
    await waitFor(() => expect(countOn(/Real-name reviews/, 'realnames')).toBe('2'));
    expect(menuItem(/^Deposits/)).toBeUndefined();
    expect(menuItem(/^Withdrawals/)).toBeUndefined();
  });

  it('shows an admin every queue’s count; an empty queue shows no badge', async () => {
    const { calls } = fakeServer({
      queueCounts: () => ok({ deposits: 5, withdrawals: 0, real_names: 1 }),
      depositList: () => ok([]),
    });
    renderShell('admin');
    await waitFor(() => expect(countOn(/^Deposits/, 'deposits')).toBe('5'));
    expect(countOn(/Real-name reviews/, 'realnames')).toBe('1');
    expect(countOn(/^Withdrawals/, 'withdrawals')).toBe('');
    expect(calls.filter((c) => c.call === 'queueCounts').length).toBeGreaterThanOrEqual(1);
  });

  it('shows each role exactly the screens whose calls that role may make', async () => {
    const screens: Record<OperatorRole, string[]> = {
      admin: [
        'Deposits',
        'Withdrawals',
        'Real-name reviews',
        'Users',
        'Games and rooms',
        'Round monitor',
        'Money dashboard',
        'Balance adjustments',
        'Reconciliation',
        'Referral programme',
        'Content',
        'Campaigns',
        'Red packets',
        'Chat moderation',
        'Settings',
        'Operators',
        'Audit log',
        'My security',
      ],
      finance: [
        'Deposits',
        'Withdrawals',
        'Users',
        'Round monitor',
        'Money dashboard',
        'Balance adjustments',
        'Reconciliation',
        'Referral programme',
        'Red packets',
        'My security',
      ],
      support: ['Real-name reviews', 'Users', 'Round monitor', 'Referral programme', 'Chat moderation', 'My security'],
      moderator: ['Chat moderation', 'My security'],
    };
    for (const role of ['admin', 'finance', 'support', 'moderator'] as const) {
      fakeServer({ queueCounts: () => ok({ deposits: null, withdrawals: null, real_names: null }), depositList: () => ok([]) });
      const view = renderShell(role);
      await waitFor(() =>
        expect(
          screen.getAllByRole('menuitem').map((item) => item.textContent?.trim()),
          role,
        ).toEqual(screens[role]),
      );
      view.unmount();
    }
  }, 90_000);

  it('groups the menu by subject: the players’ group holds only the user pages', async () => {
    fakeServer({ queueCounts: () => ok({ deposits: 0, withdrawals: 0, real_names: 0 }), depositList: () => ok([]) });
    renderShell('admin');
    await waitFor(() => expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(5));
    const groups = Object.fromEntries(
      [...document.querySelectorAll('.ant-menu-item-group')].map((g) => [
        g.querySelector('.ant-menu-item-group-title')?.textContent?.trim(),
        within(g as HTMLElement)
          .getAllByRole('menuitem')
          .map((item) => item.textContent?.trim()),
      ]),
    );
    expect(groups).toEqual({
      Queues: ['Deposits', 'Withdrawals', 'Real-name reviews'],
      Players: ['Users'],
      Games: ['Games and rooms', 'Round monitor'],
      Money: ['Money dashboard', 'Balance adjustments', 'Reconciliation', 'Referral programme'],
      Site: ['Content', 'Campaigns', 'Red packets', 'Chat moderation', 'Settings'],
      Operators: ['Operators', 'Audit log', 'My security'],
    });
  });
});
