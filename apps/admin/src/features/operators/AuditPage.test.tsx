import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../lib/session';
import { fakeServer, ok, renderScreen } from '../../test/render';
import { AuditPage } from './AuditPage';

const approval = {
  id: 90,
  username: 'fin',
  action: 'deposit.approve',
  target_type: 'deposit',
  target_id: '41',
  ip: '10.0.0.7',
  created_at: 1_780_000_000,
  detail: { before: { status: 0 }, after: { status: 1 } },
};
const login = { id: 91, username: 'root', action: 'operator.login', target_type: '', target_id: '', ip: '10.0.0.8', created_at: 1_780_000_100, detail: null };

beforeEach(() => session.set('op-token'));

describe('the audit log', () => {
  it('filters by operator and action from the first page and shows the before and after of a change', async () => {
    const { calls } = fakeServer({ auditList: (b) => ok(b.operator === 'fin' ? { total: 1, list: [approval] } : { total: 2, list: [login, approval] }) });
    renderScreen(<AuditPage />);
    expect(await screen.findByText('operator.login')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ lang: 'en', page: 1, limit: 50 });
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'fin' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'deposit.' } });
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('operator.login')).toBeNull());
    expect(calls.filter((c) => c.call === 'auditList').at(-1)?.body).toEqual({ lang: 'en', operator: 'fin', action: 'deposit.', page: 1, limit: 50 });

    const row = (await screen.findByText('deposit.approve')).closest('tr')!;
    expect(within(row).getByText('deposit #41')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    const shown = async (heading: string) => (await screen.findByText(heading)).closest('div')!.querySelector('pre')?.textContent;
    expect(await shown('Before')).toBe(JSON.stringify({ status: 0 }, null, 1));
    expect(await shown('After')).toBe(JSON.stringify({ status: 1 }, null, 1));
  }, 60_000);
});
