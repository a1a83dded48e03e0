import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { callApi } from '../helpers.js';
import { createWalletApp, operatorWithRole, readyToWithdraw } from '../wallet/fixtures.js';

const { app } = await createWalletApp();
const [admin, finance] = [await operatorWithRole(app, 'admin'), await operatorWithRole(app, 'finance')];

describe('settings', () => {
  it('an admin changes deposit details, customer-service URL, minimum withdrawal and version label; players see them at once', async () => {
    const current = (await callApi(app, api.admin.settingsGet, {}, { token: finance })).data;
    expect(current).toMatchObject({ usdt: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', min_withdraw: '100.00', support_url: '' });
    const body = {
      usdt: 'TNewAddressXXXXXXXXXXXXXXXXXXXXXXX',
      bankname: 'New Bank',
      banknum: '6222 1111',
      bankxm: 'Lucky28 Ltd',
      support_url: 'https://chat.example.test/room',
      min_withdraw: '150',
      version_label: '21.05.01',
    };
    expect((await callApi(app, api.admin.settingsUpdate, body, { token: finance })).status).toBe(403);
    const saved = await callApi(app, api.admin.settingsUpdate, body, { token: admin });
    expect(saved.data).toMatchObject({ usdt: body.usdt, min_withdraw: '150.00', version_label: '21.05.01', support_url: body.support_url });

    const player = await readyToWithdraw(app, 50_000);
    expect((await callApi(app, api.wallet.recharge, {}, { token: player.token })).data).toMatchObject({ usdt: body.usdt, bankname: 'New Bank' });
    expect((await callApi(app, api.wallet.withdrawInfo, {}, { token: player.token })).data.min_withdraw).toBe('150.00');
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '120', securityCode: '123456' }, { token: player.token })).msg).toBe(
      'The minimum withdrawal is 150.00 u',
    );
    expect((await callApi(app, api.support.config, {})).data).toEqual({ enabled: true, url: body.support_url });
    expect((await callApi(app, api.settings.siteConfigPost, {})).data).toEqual({
      version_label: '21.05.01',
      min_withdraw: '150.00',
      support_enabled: true,
      lines: [],
    });

    const trail = await callApi(app, api.admin.auditList, { action: 'settings.update' }, { token: admin });
    // The audit's detail is free-form in the contract (a record); a settings change records before and after.
    const change = trail.data.list[0]!.detail as { before: { min_withdraw: string }; after: { min_withdraw: string } };
    expect(change.before.min_withdraw).toBe('100.00');
    expect(change.after.min_withdraw).toBe('150.00');
    for (const [bad, field] of [
      [{ ...body, support_url: 'javascript:alert(1)' }, 'support_url'],
      [{ ...body, min_withdraw: '0' }, 'min_withdraw'],
      [{ ...body, usdt: 'a\u0000b' }, 'usdt'],
      [{ ...body, version_label: 'x'.repeat(41) }, 'version_label'],
    ] as const) {
      const res = await callApi(app, api.admin.settingsUpdate, bad, { token: admin });
      expect([res.code, res.field], JSON.stringify(bad)).toEqual([0, field]);
    }
  });

  it('states what 1 u is worth in USDT and in the bank currency and the range of one deposit; a bad value is refused on its field and changes nothing', async () => {
    const base = { usdt: 'TAddr', bankname: 'Bank', banknum: '6222', bankxm: 'Lucky28 Ltd', support_url: '', min_withdraw: '100', version_label: '' };
    const body = { ...base, usdt_rate: '0.138889', bank_currency: 'CNY', bank_rate: '1', min_deposit: '50', max_deposit: '20000' };
    const saved = await callApi(app, api.admin.settingsUpdate, body, { token: admin });
    expect(saved.data).toMatchObject({ usdt_rate: '0.138889', bank_currency: 'CNY', bank_rate: '1.00', min_deposit: '50.00', max_deposit: '20000.00' });
    const player = await readyToWithdraw(app, 50_000);
    expect((await callApi(app, api.wallet.recharge, {}, { token: player.token })).data).toMatchObject({
      usdt_rate: '0.138889',
      bank_currency: 'CNY',
      bank_rate: '1.00',
      min_deposit: '50.00',
      max_deposit: '20000.00',
      pending: [],
    });

    const rate = 'Please enter a rate above 0 with at most 6 decimal places';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ usdt_rate: '0' }, 'usdt_rate', rate],
      [{ usdt_rate: '0.1234567' }, 'usdt_rate', rate],
      [{ usdt_rate: '-1' }, 'usdt_rate', rate],
      [{ usdt_rate: '1e2' }, 'usdt_rate', rate],
      [{ usdt_rate: '1,5' }, 'usdt_rate', rate],
      [{ usdt_rate: '1000000.000001' }, 'usdt_rate', rate],
      [{ bank_rate: '0' }, 'bank_rate', rate],
      [{ bank_currency: 'cny' }, 'bank_currency', 'Please enter the currency as its 3-letter code, such as CNY'],
      [{ bank_currency: 'RMB1' }, 'bank_currency', 'Please enter the currency as its 3-letter code, such as CNY'],
      [{ bank_currency: '' }, 'bank_currency', 'Please enter the currency of this rate'],
      [{ bank_rate: '' }, 'bank_rate', 'Please enter what 1 u is worth in this currency'],
      [{ min_deposit: '500', max_deposit: '100' }, 'max_deposit', 'The largest deposit cannot be below the smallest'],
      [{ min_deposit: '0' }, 'min_deposit', 'Please enter a valid amount'],
      [{ max_deposit: '1000000.01' }, 'max_deposit', 'The amount is too large'],
    ];
    for (const [patch, field, msg] of cases) {
      const res = await callApi(app, api.admin.settingsUpdate, { ...body, ...patch }, { token: admin });
      expect([res.code, res.field, res.msg], JSON.stringify(patch)).toEqual([0, field, msg]);
    }
    expect((await callApi(app, api.admin.settingsGet, {}, { token: admin })).data).toEqual(saved.data);

    // Left blank: no rate is stated and the defaults of one request apply.
    const cleared = await callApi(app, api.admin.settingsUpdate, base, { token: admin });
    expect(cleared.data).toMatchObject({ usdt_rate: '', bank_currency: '', bank_rate: '', min_deposit: '', max_deposit: '' });
    expect((await callApi(app, api.wallet.recharge, {}, { token: player.token })).data).toMatchObject({
      usdt_rate: null,
      bank_currency: null,
      bank_rate: null,
      min_deposit: '0.01',
      max_deposit: '1000000.00',
    });
    const trail = await callApi(app, api.admin.auditList, { action: 'settings.update' }, { token: admin });
    expect(trail.data.list[0]!.detail!.before).toMatchObject({ usdt_rate: '0.138889', min_deposit: '50.00' });
  });
});
