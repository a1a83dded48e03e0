import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { JPEG, PNG, createWalletApp, operatorLogin, operatorWithRole, readyToWithdraw, requestDeposit, upload } from '../wallet/fixtures.js';

/** /notice: station messages written with operators' decisions, announcements, unread counts, ownership. */
describe('notices', async () => {
  const { app } = await createWalletApp();

  it('writes a station message to the player when a deposit is approved, readable only by that player', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const finance = await operatorWithRole(app, 'finance');
    const id = await requestDeposit(app, alice.token, '300');
    expect((await callApi(app, api.content.noticeUnread, {}, { token: alice.token })).data).toEqual({ station: 0, platform: 0, total: 0 });

    expect((await callApi(app, api.admin.depositApprove, { id }, { token: finance })).code).toBe(1);
    expect((await callApi(app, api.content.noticeUnread, {}, { token: alice.token })).data.station).toBe(1);

    const list = await callApi(app, api.content.noticeList, { type: 1 }, { token: alice.token, lang: 'en' });
    expect(list.code).toBe(1);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ type: 1, title: 'Deposit credited', read: false });
    expect(list.data.list[0]!.content).toContain('300.00 u');
    // Reading the tab marked it read.
    expect(list.data.unread).toBe(0);
    const again = await callApi(app, api.content.noticeList, { type: 1 }, { token: alice.token, lang: 'zh' });
    expect(again.data.list[0]).toMatchObject({ title: '充值已到账', read: true });

    // Nobody else sees it, whatever they send.
    const other = await rawCall(app, api.content.noticeList, { type: 1, user_id: alice.userId }, { token: bob.token });
    expect(other.code).toBe(1);
    expect(other.data).toMatchObject({ total: 0, list: [] });
    expect((await callApi(app, api.content.noticeUnread, {}, { token: bob.token })).data.total).toBe(0);
    // Not logged in: 401.
    expect((await callApi(app, api.content.noticeList, { type: 1 })).status).toBe(401);
  });

  it('tells the player about a rejected deposit, a paid and a refused withdrawal, with the reason', async () => {
    const user = await readyToWithdraw(app, 100_000);
    const finance = await operatorWithRole(app, 'finance');
    const dep = await requestDeposit(app, user.token, '150');
    expect((await callApi(app, api.admin.depositReject, { id: dep, reason: 'no transfer found' }, { token: finance })).code).toBe(1);
    const w1 = await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: user.token });
    expect(w1.code).toBe(1);
    const list1 = (await callApi(app, api.admin.withdrawList, {}, { token: finance })).data as { id: number; user_id: number }[];
    const mine = list1.find((w) => w.user_id === user.userId)!;
    expect((await callApi(app, api.admin.withdrawReject, { id: mine.id, reason: 'account closed' }, { token: finance })).code).toBe(1);
    const w2 = await callApi(app, api.wallet.withdrawAction, { type: 1, money: '120', securityCode: '123456' }, { token: user.token });
    expect(w2.code).toBe(1);
    const list2 = (await callApi(app, api.admin.withdrawList, {}, { token: finance })).data as { id: number; user_id: number }[];
    expect((await callApi(app, api.admin.withdrawApprove, { id: list2.find((w) => w.user_id === user.userId)!.id }, { token: finance })).code).toBe(1);

    const list = await callApi(app, api.content.noticeList, { type: 1 }, { token: user.token, lang: 'en' });
    const titles = list.data.list.map((n: { title: string }) => n.title);
    expect(titles).toEqual(['Withdrawal paid', 'Withdrawal refused', 'Deposit rejected']);
    expect(list.data.list[1]!.content).toContain('account closed');
    expect(list.data.list[2]!.content).toContain('no transfer found');
  });

  it('tells the player when their real name is rejected (with the reason) and when it is verified', async () => {
    const user = await registerUser(app);
    const support = await operatorWithRole(app, 'support');
    const submit = async () => {
      const front = await upload(app, user.token, { data: PNG, filename: 'f.png' }, { type: 'idcard' });
      const back = await upload(app, user.token, { data: JPEG, filename: 'b.jpg' }, { type: 'idcard' });
      const res = await callApi(
        app,
        api.wallet.shiming,
        { truename: '张三', idcard: '11010119900307125X', idcard_zheng: front.data.url, idcard_fan: back.data.url },
        { token: user.token },
      );
      expect(res.code).toBe(1);
      const queue = (await callApi(app, api.admin.realNameList, {}, { token: support })).data as { id: number; user_id: number }[];
      return queue.find((r) => r.user_id === user.userId)!.id;
    };
    expect((await callApi(app, api.admin.realNameReject, { id: await submit(), reason: 'picture is blurred' }, { token: support })).code).toBe(1);
    expect((await callApi(app, api.admin.realNameApprove, { id: await submit() }, { token: support })).code).toBe(1);
    const list = await callApi(app, api.content.noticeList, { type: 1 }, { token: user.token, lang: 'tw' });
    expect(list.data.list.map((n: { title: string }) => n.title)).toEqual(['實名認證已通過', '實名認證未通過']);
    expect(list.data.list[1]!.content).toContain('picture is blurred');
  });

  it('shows platform announcements to every player, each with their own read state', async () => {
    const admin = await operatorLogin(app);
    const text = (s: string) => ({ zh: `${s} zh`, tw: `${s} tw`, en: `${s} en`, vi: `${s} vi` });
    const saved = await callApi(
      app,
      api.admin.announcementSave,
      { title: text('Maintenance'), content: text('Tonight 02:00'), enabled: true },
      { token: admin },
    );
    expect(saved.code).toBe(1);
    const a = await registerUser(app);
    const b = await registerUser(app);
    expect((await callApi(app, api.content.noticeUnread, {}, { token: a.token })).data.platform).toBeGreaterThanOrEqual(1);
    const listA = await callApi(app, api.content.noticeList, { type: 2 }, { token: a.token, lang: 'vi' });
    expect(listA.data.list[0]).toMatchObject({ type: 2, title: 'Maintenance vi', content: 'Tonight 02:00 vi', read: false });
    expect((await callApi(app, api.content.noticeUnread, {}, { token: a.token })).data.platform).toBe(0);
    // b has not read it yet.
    expect((await callApi(app, api.content.noticeUnread, {}, { token: b.token })).data.platform).toBeGreaterThanOrEqual(1);
    // A disabled announcement disappears at once.
    const id = saved.data[0]!.id;
    expect(
      (await callApi(app, api.admin.announcementSave, { id, title: text('Maintenance'), content: text('Tonight 02:00'), enabled: false }, { token: admin }))
        .code,
    ).toBe(1);
    const listB = await callApi(app, api.content.noticeList, { type: 2 }, { token: b.token });
    expect(listB.data.list.find((n: { id: number }) => n.id === id)).toBeUndefined();
  });

  it('refuses a bad tab type without changing anything', async () => {
    const user = await registerUser(app);
    const res = await callApi(app, api.content.noticeList, { type: 3 }, { token: user.token });
    expect(res).toMatchObject({ code: 0, field: 'type' });
  });

  it('counts the players who registered through an invite link', async () => {
    const inviter = await registerUser(app);
    expect((await callApi(app, api.content.inviteInfo, {}, { token: inviter.token })).data).toEqual({ inviter_id: inviter.userId, invited: 0 });
    await registerUser(app, { inviter_id: inviter.userId });
    await registerUser(app, { inviter_id: inviter.userId });
    expect((await callApi(app, api.content.inviteInfo, {}, { token: inviter.token })).data).toEqual({ inviter_id: inviter.userId, invited: 2 });
  });
});
