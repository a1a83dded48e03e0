import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { AuditPage } from './AuditPage';

const approval = {
  id: 90,
  operator_id: 2,
  username: 'fin',
  action: 'deposit.approve',
  target_type: 'deposit',
  target_id: '41',
  ip: '10.0.0.7',
  created_at: 1_780_000_000,
  detail: { before: { status: 0 }, after: { status: 1 } },
};
const login = {
  id: 91,
  operator_id: 1,
  username: 'root',
  action: 'operator.login',
  target_type: '',
  target_id: '',
  ip: '10.0.0.8',
  created_at: 1_780_000_100,
  detail: null,
};
const importRun = {
  id: 92,
  operator_id: null,
  username: '',
  action: 'import.run',
  target_type: 'import_run',
  target_id: '3',
  ip: '',
  created_at: 1_780_000_200,
  detail: null,
};
const operators = [
  { id: 1, username: 'root', role: 'admin', disabled: false, totp_enabled: true, created_at: 1_700_000_000 },
  { id: 2, username: 'fin', role: 'finance', disabled: false, totp_enabled: true, created_at: 1_700_000_000 },
];

beforeEach(() => session.set('op-token'));

describe('the audit log', () => {
  it('shows each action and target in words and filters by chosen operator, action and target', async () => {
    const { calls } = fakeServer({
      operatorList: () => ok(operators),
      auditList: (b) => ok(b.operator === 'fin' ? { total: 1, list: [approval] } : { total: 3, list: [importRun, login, approval] }),
    });
    renderScreen(<AuditPage />);
    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(screen.queryByText('operator.login')).toBeNull();
    const run = screen.getByText("Moved the previous site's data").closest('tr')!;
    expect(within(run).getByText('System')).toBeTruthy();
    expect(within(run).getByText('Data move #3')).toBeTruthy();
    expect(calls.find((c) => c.call === 'auditList')?.body).toEqual({ lang: 'en', page: 1, limit: 50 });

    await userEvent.click(screen.getByRole('combobox', { name: 'Operator' }));
    await userEvent.click(await screen.findByTitle('fin'));
    const action = screen.getByRole('combobox', { name: 'Action' });
    await userEvent.type(action, 'deposit');
    await userEvent.click(await screen.findByTitle('All actions in Deposits'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Target type' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Target type' }), 'Deposit');
    await userEvent.click(await screen.findByTitle('Deposit'));
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('Signed in')).toBeNull());
    expect(calls.filter((c) => c.call === 'auditList').at(-1)?.body).toEqual({
      lang: 'en',
      operator: 'fin',
      action: 'deposit.',
      target_type: 'deposit',
      page: 1,
      limit: 50,
    });

    // The action's words in its row (the closed action list holds them too).
    const row = (await screen.findByRole('cell', { name: 'Approved a deposit' })).closest('tr')!;
    expect(within(row).getByText('Deposit #41')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    const shown = async (heading: string) => (await screen.findByText(heading)).closest('div')!.querySelector('pre')?.textContent;
    expect(await shown('Before')).toBe(JSON.stringify({ status: 0 }, null, 1));
    expect(await shown('After')).toBe(JSON.stringify({ status: 1 }, null, 1));
  }, 60_000);

  it('filters by one action, chosen in words', async () => {
    const { calls } = fakeServer({ operatorList: () => ok(operators), auditList: () => ok({ total: 1, list: [login] }) });
    renderScreen(<AuditPage />);
    await screen.findByText('Signed in');
    await userEvent.type(screen.getByRole('combobox', { name: 'Action' }), 'Rejected a withdrawal');
    await userEvent.click(await screen.findByTitle('Rejected a withdrawal'));
    fireEvent.change(screen.getByLabelText('Target id'), { target: { value: '7' } });
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.call === 'auditList').at(-1)?.body).toEqual({ lang: 'en', action: 'withdrawal.reject', target_id: '7', page: 1, limit: 50 }),
    );
  }, 60_000);
});
