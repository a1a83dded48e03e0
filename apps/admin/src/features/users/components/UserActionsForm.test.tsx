import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import type { UserDetail } from '../api/users';
import { UserActions } from './UserActions';

const player = { id: 5, username: 'alice', group_id: 1, frozen: false, has_security_code: false } as UserDetail;

beforeEach(() => session.set('op-token'));

async function openGift() {
  fakeServer({
    me: () => ok({ id: 1, username: 'fin', role: 'finance' }),
    // The server's own refusal, named for the field (a limit the client cannot know).
    userGift: () => ({ body: { code: 0, msg: 'Over the gift limit', time: 0, data: null, field: 'amount' } }),
  });
  renderScreen(<UserActions user={player} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Gift' }));
  return screen.findByRole('dialog');
}

const pressEsc = (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });

describe('a player action’s dialog (console forms)', () => {
  it('clear a field’s error from the server once the operator edits that field', async () => {
    const dialog = await openGift();
    await userEvent.type(within(dialog).getByLabelText('Amount'), '900000');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Birthday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Over the gift limit')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Amount'), '0');
    await waitFor(() => expect(within(dialog).queryByText('Over the gift limit')).toBeNull());
  }, 60_000);

  it('ask before Esc throws away an edited form, and keep it when the operator says so', async () => {
    const dialog = await openGift();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Birthday');
    pressEsc(dialog);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull());
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Birthday');
  }, 60_000);

  it('throw an edited form away on Esc once the operator confirms', async () => {
    const dialog = await openGift();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Birthday');
    pressEsc(dialog);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByLabelText('Reason')).toBeNull());
  }, 60_000);

  it('close an untouched form on Esc without asking', async () => {
    const dialog = await openGift();
    pressEsc(dialog);
    await waitFor(() => expect(screen.queryByLabelText('Reason')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull();
  }, 60_000);
});
