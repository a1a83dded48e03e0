import type { ReactElement } from 'react';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pendingDeposit } from '../../../test/fixtures';
import { fakeServer, ok, refuse, renderScreen } from '../../../test/render';
import { DepositQueue, type DepositRow } from './DepositQueue';
import { WithdrawalQueue, type WithdrawalRow } from './WithdrawalQueue';
import { RealNameQueue, type RealNameRow } from './RealNameQueue';
import { setOperatorZone } from '../../../lib/format';

const deposit: DepositRow = { ...pendingDeposit, screenshot: '/api/common/file/abc123' };
const withdrawal: WithdrawalRow = {
  id: 9,
  user_id: 8,
  username: 'bob',
  real_name: 'Bob Lee',
  idcard: 'B7654321',
  amount: '150.00',
  type: 0,
  account: { type: 0, acc: 'Bob Lee', acc_name: '6222020200112233', acc_bank: 'ICBC', mark: '' },
  status: 0,
  reason: '',
  createtime: 1_780_000_000,
  reviewtime: null,
  account_changed_at: null,
  holder_check: null,
};
const realName: RealNameRow = {
  id: 3,
  user_id: 9,
  username: 'carol',
  truename: 'Carol Ng',
  idcard: 'A1234567',
  profile_idcard: 'A1234567',
  idcard_zheng: '/api/common/file/front1',
  idcard_fan: '/api/common/file/back1',
  status: 1,
  reason: '',
  createtime: 1_780_000_000,
};

/** The risk facts of a request with nothing to weigh (withdrawalReview.test.tsx shows them). */
const noRisk = { id: 0, user_id: 0, deposits: '0.00', deposit_count: 0, turnover: '0.00', bonus: null, account_since: null, shared: { count: 0, players: [] } };

beforeEach(() => {
  setOperatorZone('Asia/Shanghai');
  URL.createObjectURL = vi.fn(() => 'blob:screenshot');
  URL.revokeObjectURL = vi.fn();
});

/** A fetch double that also serves private files (as an image blob) and empty queue counts besides the operator calls. */
function server(handlers: Parameters<typeof fakeServer>[0]) {
  const fake = fakeServer({
    queueCounts: () => ok({ deposits: 0, withdrawals: 0, real_names: 0 }),
    withdrawRisk: (b) => ok({ ...noRisk, id: b.id }),
    ...handlers,
  });
  const api = fake.fetch.getMockImplementation()!;
  fake.fetch.mockImplementation(async (input, init) =>
    String(input).startsWith('/api/common/file/') ? new Response(new Blob(['png'], { type: 'image/png' })) : api(input, init),
  );
  return fake;
}

/** A server whose queue lists `row` as pending (real names: status 1, money: 0) and nothing under the other statuses. */
function listing(kind: 'withdraw' | 'realName', row: unknown, decisions: Parameters<typeof fakeServer>[0]) {
  const pending = kind === 'realName' ? 1 : 0;
  return server({ [`${kind}List`]: (b) => ok(b.status === pending ? [row] : []), ...decisions });
}

/** Shows a queue and answers the table row of the player's request. */
async function rowOf(queue: ReactElement, player: string) {
  renderScreen(queue);
  return (await screen.findByText(player)).closest('tr')!;
}

/** A server on which another operator decides `row` between this operator's list and their `decision`. */
function decidedByAnotherOperator(kind: 'deposit' | 'withdraw', decision: 'Approve' | 'Reject', row: unknown) {
  let decided = false;
  return server({
    [`${kind}List`]: (b) => ok(b.status === 0 && !decided ? [row] : []),
    [`${kind}${decision}`]: () => {
      decided = true;
      return refuse('This request has already been processed');
    },
  });
}

describe('deposit queue', () => {
  it('lists pending deposits with the screenshot inline and approves one after confirmation', async () => {
    let pending = [deposit];
    const { calls, fetch } = server({
      depositList: (b) => ok(b.status === 0 ? pending : []),
      depositApprove: () => {
        pending = [];
        return ok({ id: 41, status: 1 });
      },
    });
    const row = await rowOf(<DepositQueue />, 'alice (#7)');
    expect(within(row).getByText('200.00')).toBeTruthy();
    expect(await within(row).findByAltText('Transfer screenshot')).toHaveProperty('src', 'blob:screenshot');
    expect(
      fetch.mock.calls.some(([url, init]) => String(url) === '/api/common/file/abc123' && (init?.headers as Record<string, string>).token === undefined),
    ).toBe(true);
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'depositApprove')?.body).toMatchObject({ id: 41, lang: 'en' }));
    await waitFor(() => expect(screen.queryByText('alice (#7)')).toBeNull());
  });

  it('when another operator was first, says so and refreshes the list', async () => {
    const { calls } = decidedByAnotherOperator('deposit', 'Approve', deposit);
    const row = await rowOf(<DepositQueue />, 'alice (#7)');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Another operator already processed this request; the list has been refreshed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('alice (#7)')).toBeNull());
    expect(calls.filter((c) => c.call === 'depositList').length).toBeGreaterThanOrEqual(2);
  });
});

describe('withdrawal queue', () => {
  it('shows the bound payout account and rejects with a reason (the refund is the server’s)', async () => {
    const { calls } = listing('withdraw', withdrawal, { withdrawReject: () => ok({ id: 9, status: 2 }) });
    const row = await rowOf(<WithdrawalQueue />, 'bob (#8)');
    expect(within(row).getByText('6222020200112233')).toBeTruthy();
    expect(within(row).getByText(/ICBC/)).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText("Rejecting refunds the amount to the player's balance")).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Reason'), 'Card name does not match');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'withdrawReject')?.body).toMatchObject({ id: 9, reason: 'Card name does not match' }));
  });
});

describe('withdrawal queue, a payout account changed just before', () => {
  it('flags the request with when the account was changed and why it matters; an unchanged one carries no flag', async () => {
    const changedAt = withdrawal.createtime - 3 * 3600;
    const flagged = { ...withdrawal, id: 10, user_id: 11, username: 'mallory', account_changed_at: changedAt };
    server({ withdrawList: (b) => ok(b.status === 0 ? [withdrawal, flagged] : []) });
    const row = await rowOf(<WithdrawalQueue />, 'mallory (#11)');
    expect(within(row).getByText('Account changed recently')).toBeTruthy();
    // In the operator's zone (UTC+8), whatever the browser's.
    const when = '2026-05-29 01:26:40';
    expect(within(row).getByTestId('account-changed').textContent).toContain(
      `The player changed this payout account at ${when}, less than 24 hours before this request (or after it).`,
    );
    const plain = (await screen.findByText('bob (#8)')).closest('tr')!;
    expect(within(plain).queryByTestId('account-changed')).toBeNull();
  });
});

describe('withdrawal queue, a card not known to be the player’s', () => {
  it('marks a payout to a card bound without a verified name, and one whose holder is not the verified name; a checked card carries no mark', async () => {
    const unverified = { ...withdrawal, id: 12, user_id: 12, username: 'newbie', real_name: '', holder_check: 'unverified' as const };
    const differs = { ...withdrawal, id: 13, user_id: 13, username: 'proxy', holder_check: 'differs' as const };
    server({ withdrawList: (b) => ok(b.status === 0 ? [withdrawal, unverified, differs] : []) });
    const first = await rowOf(<WithdrawalQueue />, 'newbie (#12)');
    expect(within(first).getByTestId('holder-mark').textContent).toBe(
      'Holder not checkedThe player has no verified real name yet: compare the cardholder with the player\u2019s ID before paying.',
    );
    const second = (await screen.findByText('proxy (#13)')).closest('tr')!;
    expect(within(second).getByText('Holder is not the verified name')).toBeTruthy();
    expect(within(second).getByTestId('holder-mark').textContent).toContain('this payout would go to someone else\u2019s card');
    const plain = (await screen.findByText('bob (#8)')).closest('tr')!;
    expect(within(plain).queryByTestId('holder-mark')).toBeNull();
  });
});

describe('withdrawal queue, two operators', () => {
  it('a rejection that comes second closes the dialog, says the request was processed and refreshes the list', async () => {
    const { calls } = decidedByAnotherOperator('withdraw', 'Reject', withdrawal);
    const row = await rowOf(<WithdrawalQueue />, 'bob (#8)');
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'Duplicate');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Another operator already processed this request; the list has been refreshed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('bob (#8)')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.call === 'withdrawList').length).toBeGreaterThanOrEqual(2);
  }, 90_000);
});

describe('real-name queue', () => {
  it('shows both ID pictures and refuses a rejection without a reason before asking the server', async () => {
    const { calls } = listing('realName', realName, { realNameReject: () => ok({ id: 3, status: 0 }) });
    const row = await rowOf(<RealNameQueue />, 'carol (#9)');
    expect(await within(row).findByAltText('ID front')).toBeTruthy();
    expect(await within(row).findByAltText('ID back')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please enter a reason')).toBeTruthy();
    expect(calls.some((c) => c.call === 'realNameReject')).toBe(false);
    await userEvent.type(screen.getByLabelText('Reason'), 'Picture is blurred');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'realNameReject')?.body).toMatchObject({ id: 3, reason: 'Picture is blurred' }));
  });
});

describe('real-name queue, the profile ID', () => {
  it('flags a profile ID number that differs from the document submitted, and only then', async () => {
    const differs = { ...realName, id: 4, user_id: 12, username: 'dave', idcard: '11010519491231002X', profile_idcard: '110101199003071233' };
    const sameButCase = { ...realName, id: 5, user_id: 13, username: 'erin', idcard: 'A123456789', profile_idcard: 'a123456789' };
    const none = { ...realName, id: 6, user_id: 14, username: 'frank', profile_idcard: '' };
    server({ realNameList: (b) => ok(b.status === 1 ? [differs, sameButCase, none] : []) });
    const row = await rowOf(<RealNameQueue />, 'dave (#12)');
    expect(within(row).getByTestId('realname-id-mismatch').textContent).toBe('Differs from the document');
    for (const player of ['erin (#13)', 'frank (#14)']) {
      expect(within((await screen.findByText(player)).closest('tr')!).queryByTestId('realname-id-mismatch')).toBeNull();
    }
  });
});

describe('real-name queue, verifying', () => {
  it('verifies a request after confirmation and the list no longer holds it', async () => {
    let pending = [realName];
    const { calls } = server({
      realNameList: (b) => ok(b.status === 1 ? pending : []),
      realNameApprove: () => {
        pending = [];
        return ok({ id: 3, status: 2 });
      },
    });
    const row = await rowOf(<RealNameQueue />, 'carol (#9)');
    expect(within(row).getByText('Carol Ng')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Verify' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('carol (#9)')).toBeNull());
    expect(calls.find((c) => c.call === 'realNameApprove')?.body).toEqual({ lang: 'en', id: 3 });
    expect(calls.filter((c) => c.call === 'realNameList').every((c) => c.body.status === 1)).toBe(true);
  }, 90_000);
});

describe("a rejection's reason", () => {
  const pressEsc = (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });

  async function typedReason() {
    const fake = listing('withdraw', withdrawal, { withdrawReject: () => ok({ id: 9, status: 2 }) });
    const row = await rowOf(<WithdrawalQueue />, 'bob (#8)');
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    await userEvent.type(await screen.findByLabelText('Reason'), 'Card name does not match');
    pressEsc(screen.getByLabelText('Reason'));
    return fake.calls;
  }

  it('Esc asks before a typed reason is thrown away; Keep editing keeps it', async () => {
    await typedReason();
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull());
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Card name does not match');
  }, 60_000);

  it('Discard closes the dialog without rejecting', async () => {
    const calls = await typedReason();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByLabelText('Reason')).toBeNull());
    expect(calls.some((c) => c.call === 'withdrawReject')).toBe(false);
  }, 60_000);

  it('Esc closes the dialog at once while no reason is typed', async () => {
    listing('withdraw', withdrawal, {});
    const row = await rowOf(<WithdrawalQueue />, 'bob (#8)');
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    pressEsc(await screen.findByLabelText('Reason'));
    await waitFor(() => expect(screen.queryByLabelText('Reason')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull();
  }, 60_000);
});
