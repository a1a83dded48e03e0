import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import type { Operator } from '../../../lib/operator';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { OperatorsPage } from './OperatorsPage';

const root: Operator = { id: 1, username: 'root', role: 'admin', totp_enabled: true, totp_required: true, disabled: false, created_at: 1_780_000_000 };
const sue: Operator = { ...root, id: 2, username: 'sue', role: 'support' };

/** A server holding the operator list, which a create or a disable changes. */
function operatorsServer() {
  let operators = [root, sue];
  return fakeServer({
    me: () => ok(root),
    operatorList: () => ok(operators),
    operatorCreate: (b) => {
      operators = [...operators, { ...root, id: 3, username: b.username as string, role: b.role as Operator['role'], totp_enabled: false }];
      return ok({ id: 3 });
    },
    operatorDisable: (b) => {
      operators = operators.map((o) => (o.id === b.id ? { ...o, disabled: b.disabled as boolean } : o));
      return ok(null);
    },
  });
}

beforeEach(() => session.set('op-token'));

describe('the operators page', () => {
  it('creates a finance operator and lists them without TOTP yet', async () => {
    const { calls } = operatorsServer();
    renderScreen(<OperatorsPage />);
    await screen.findByText('sue');
    await userEvent.click(screen.getByRole('button', { name: 'New operator' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'fiona' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'long-enough-pass' } });
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Finance'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    const row = (await screen.findByText('fiona')).closest('tr')!;
    expect(within(row).getByText('Finance')).toBeTruthy();
    expect(within(row).getByText('Off')).toBeTruthy();
    expect(calls.find((c) => c.call === 'operatorCreate')?.body).toEqual({ lang: 'en', username: 'fiona', password: 'long-enough-pass', role: 'finance' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 60_000);

  it('creates a moderator, the role that keeps the chats', async () => {
    const { calls } = operatorsServer();
    renderScreen(<OperatorsPage />);
    await screen.findByText('sue');
    await userEvent.click(screen.getByRole('button', { name: 'New operator' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'mona' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'long-enough-pass' } });
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Moderator'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    const row = (await screen.findByText('mona')).closest('tr')!;
    expect(within(row).getByText('Moderator')).toBeTruthy();
    expect(calls.find((c) => c.call === 'operatorCreate')?.body).toMatchObject({ username: 'mona', role: 'moderator' });
  }, 60_000);

  it('refuses a short password on its field before sending', async () => {
    const { calls } = operatorsServer();
    renderScreen(<OperatorsPage />);
    await screen.findByText('sue');
    await userEvent.click(screen.getByRole('button', { name: 'New operator' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'fiona' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'short' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Password must be 8–64 characters')).toBeTruthy();
    expect(calls.some((c) => c.call === 'operatorCreate')).toBe(false);
  }, 60_000);

  it('disables another operator after confirmation; the signed-in operator has no such button', async () => {
    const { calls } = operatorsServer();
    renderScreen(<OperatorsPage />);
    const row = (await screen.findByText('sue')).closest('tr')!;
    await waitFor(() => expect(within(screen.getByText('root').closest('tr')!).queryByRole('button')).toBeNull());
    await userEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await within(row).findByText('Disabled')).toBeTruthy();
    expect(calls.find((c) => c.call === 'operatorDisable')?.body).toEqual({ lang: 'en', id: 2, disabled: true });
  }, 60_000);
});
