import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderRoutes, renderScreen, testQueryClient } from '../../../test/render';
import type { UserDetail } from '../api/users';
import { OperatorLink } from './OperatorLink';

const player = { id: 5, username: 'alice', group_id: 1, frozen: false, has_security_code: false } as UserDetail;

beforeEach(() => session.set('op-token'));

describe("the operator link on a player's page", () => {
  it('marks a player as linked to the operator once confirmed in the dialog, with a note, and clears the mark', async () => {
    const { calls } = fakeServer({
      me: () => ok({ id: 1, username: 'olga', role: 'admin' }),
      operatorLinkedPlayer: (b) => ok({ user_id: b.user_id, linked: b.linked }),
    });
    renderScreen(<OperatorLink user={player} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Operator link' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Link alice to the operator')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Support staff');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Marked as linked to the operator: no red packet share will be paid to this player')).toBeTruthy();
    expect(calls.filter((c) => c.call === 'operatorLinkedPlayer').map((c) => c.body)).toEqual([
      { lang: 'en', user_id: 5, linked: true, note: 'Support staff' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Operator link' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Is not linked to the operator'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No longer marked as linked to the operator')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.call === 'operatorLinkedPlayer')[1]?.body).toEqual({ lang: 'en', user_id: 5, linked: false }));
  }, 90_000);

  it('offers to clear the mark of a player already linked', async () => {
    fakeServer({ me: () => ok({ id: 1, username: 'olga', role: 'admin' }) });
    renderScreen(<OperatorLink user={{ ...player, operator_linked: true }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Operator link' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Is not linked to the operator') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Is linked to the operator') as HTMLInputElement).checked).toBe(false);
  }, 60_000);

  it('is offered to an admin only', async () => {
    fakeServer({});
    for (const [role, shown] of [
      ['admin', true],
      ['finance', false],
      ['support', false],
    ] as const) {
      // The operator known from the start: what shows is decided by the role alone.
      const queryClient = testQueryClient();
      queryClient.setQueryData(['me'], { id: 2, username: 'op', role, totp_enabled: true, totp_required: true, disabled: false, created_at: 0 });
      const view = renderRoutes([{ path: '*', element: <OperatorLink user={player} /> }], '/', queryClient);
      expect(screen.queryByRole('button', { name: 'Operator link' }) !== null, role).toBe(shown);
      view.unmount();
    }
  });
});
