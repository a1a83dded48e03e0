import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n, { changeLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/languages';
import { session } from '../../../lib/session';
import { aliceDetail } from '../../../test/fixtures';
import { fakeServer, ok, renderRoutes } from '../../../test/render';
import type { UserDetail } from '../api/users';
import { UserDetailPage } from './UserDetailPage';

const alice: UserDetail = {
  ...aliceDetail,
  inviter: { id: 2, username: 'carol' },
  accounts: [{ type: 0, acc: '6222****2233', acc_name: 'A***', acc_bank: 'ICBC', mark: '', holder_checked: true }],
};
const ledgerRow = { id: 70, type: 4, status: 1, wallet: 'money', quantity: '20.00', over: '150.00', memo: 'Birthday bonus', createtime: 1_780_000_000 };

/** The user page of player #5 as a support operator. */
function renderUserPage(handlers: Parameters<typeof fakeServer>[0]) {
  const fake = fakeServer({
    me: () => ok({ id: 1, username: 'sue', role: 'support' }),
    userLedger: () => ok({ total: 1, list: [ledgerRow] }),
    userBets: () => ok({ total: 0, list: [] }),
    ...handlers,
  });
  renderRoutes([{ path: '/users/:id', element: <UserDetailPage /> }], '/users/5');
  return fake;
}

beforeEach(() => session.set('op-token'));

describe("a player's page", () => {
  it('shows a masked payout account and, on request, the account in full', async () => {
    const { calls } = renderUserPage({
      userDetail: () => ok(alice),
      userRevealAccount: () => ok({ type: 0, acc: '6222020200112233', acc_name: 'Alice Wong', acc_bank: 'ICBC', mark: '' }),
    });
    expect((await screen.findByTestId('account-0')).textContent).toBe('ICBC A*** · 6222****2233');
    expect(calls.find((c) => c.call === 'userDetail')?.body).toEqual({ lang: 'en', id: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'Show in full (audited)' }));
    await waitFor(() => expect(screen.getByTestId('account-0').textContent).toBe('ICBC Alice Wong · 6222020200112233'));
    expect(calls.find((c) => c.call === 'userRevealAccount')?.body).toEqual({ lang: 'en', id: 5, type: 0 });
    expect(screen.queryByRole('button', { name: 'Show in full (audited)' })).toBeNull();
    // This card's holder is the verified name: no mark.
    expect(screen.queryByTestId('holder-unchecked')).toBeNull();
  }, 60_000);

  it('marks a card whose holder was not found to be the verified real name', async () => {
    renderUserPage({ userDetail: () => ok({ ...alice, accounts: [{ ...alice.accounts[0]!, holder_checked: false }] }) });
    await screen.findByTestId('account-0');
    expect(screen.getByTestId('holder-unchecked').textContent).toBe('Holder not checked against a verified real name');
  }, 60_000);

  it('freezes the player with a reason and shows them frozen once the server has answered', async () => {
    let frozen = false;
    const { calls } = renderUserPage({
      userDetail: () => ok({ ...alice, frozen }),
      userFreeze: () => {
        frozen = true;
        return ok(null);
      },
    });
    await screen.findByText('alice (#5) · Ally');
    expect(screen.queryByText('Frozen')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Chargeback');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'userFreeze')?.body).toEqual({ lang: 'en', id: 5, frozen: true, reason: 'Chargeback' }));
    expect(await screen.findByText('Frozen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unfreeze' })).toBeTruthy();
    expect(calls.filter((c) => c.call === 'userLedger').length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("lists the player's ledger a page at a time", async () => {
    const { calls } = renderUserPage({ userDetail: () => ok(alice) });
    await userEvent.click(await screen.findByRole('tab', { name: 'Ledger' }));
    const row = (await screen.findByText('Birthday bonus')).closest('tr')!;
    expect(within(row).getByText('Gift')).toBeTruthy();
    expect(within(row).getByText('20.00')).toBeTruthy();
    expect(calls.find((c) => c.call === 'userLedger')?.body).toEqual({ lang: 'en', id: 5, page: 1, limit: 20 });
  }, 60_000);

  it('names the commission and every reward type (5–10) in each console language, never a bare number, with the campaign', async () => {
    const rows = [5, 6, 7, 8, 9, 10].map((type) => ({
      ...ledgerRow,
      id: 80 + type,
      type,
      wallet: type === 7 || type === 8 ? 'score' : 'money',
      memo: `memo ${type}`,
    }));
    const names = {
      en: ['Commission', 'Rakeback', 'First-deposit bonus', 'Check-in reward', 'Bonus to balance', 'Bonus forfeited'],
      'zh-CN': ['佣金', '返水', '首充红利', '签到奖励', '红利转入余额', '放弃红利'],
      'zh-TW': ['佣金', '返水', '首充紅利', '簽到獎勵', '紅利轉入餘額', '放棄紅利'],
      vi: ['Hoa hồng', 'Hoàn trả', 'Thưởng nạp đầu', 'Thưởng điểm danh', 'Thưởng chuyển vào số dư', 'Từ bỏ tiền thưởng'],
    };
    try {
      for (const [lang, expected] of Object.entries(names)) {
        await changeLanguage(lang as Language);
        renderUserPage({ userDetail: () => ok(alice), userLedger: () => ok({ total: rows.length, list: rows }) });
        await userEvent.click(await screen.findByRole('tab', { name: i18n.t('users.ledger') }));
        await screen.findByText('memo 10');
        const types = rows.map((r) => within(screen.getByText(`memo ${r.type}`).closest('tr')!).getAllByRole('cell')[1]!.textContent);
        expect(types, lang).toEqual(expected);
        cleanup();
      }
    } finally {
      await changeLanguage('en');
    }
  }, 90_000);
});
