import { describe, expect, it } from 'vitest';
import { call } from '../helpers.js';
import { createWalletApp, operatorWithRole, readyToWithdraw } from '../wallet/fixtures.js';

const { app } = await createWalletApp();
const [admin, finance] = [await operatorWithRole(app, 'admin'), await operatorWithRole(app, 'finance')];

describe('settings', () => {
  it('an admin changes deposit details, customer-service URL, minimum withdrawal and version label; players see them at once', async () => {
    const current = (await call(app, '/api/admin/settingsGet', {}, { token: finance })).data;
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
    expect((await call(app, '/api/admin/settingsUpdate', body, { token: finance })).status).toBe(403);
    const saved = await call(app, '/api/admin/settingsUpdate', body, { token: admin });
    expect(saved.data).toMatchObject({ usdt: body.usdt, min_withdraw: '150.00', version_label: '21.05.01', support_url: body.support_url });

    const player = await readyToWithdraw(app, 50_000);
    expect((await call(app, '/api/user/recharge', {}, { token: player.token })).data).toMatchObject({ usdt: body.usdt, bankname: 'New Bank' });
    expect((await call(app, '/api/user/withdrawInfo', {}, { token: player.token })).data.min_withdraw).toBe('150.00');
    expect((await call(app, '/api/user/withdrawAction', { type: 0, money: '120', securityCode: '123456' }, { token: player.token })).msg).toBe(
      'The minimum withdrawal is 150.00 u',
    );
    expect((await call(app, '/api/support/config', {})).data).toEqual({ enabled: true, url: body.support_url });
    expect((await call(app, '/api/common/siteConfig', {})).data).toEqual({
      version_label: '21.05.01',
      min_withdraw: '150.00',
      support_enabled: true,
      lines: [],
    });

    const trail = await call(app, '/api/admin/auditList', { action: 'settings.update' }, { token: admin });
    expect(trail.data.list[0].detail.before.min_withdraw).toBe('100.00');
    expect(trail.data.list[0].detail.after.min_withdraw).toBe('150.00');
    for (const [bad, field] of [
      [{ ...body, support_url: 'javascript:alert(1)' }, 'support_url'],
      [{ ...body, min_withdraw: '0' }, 'min_withdraw'],
      [{ ...body, usdt: 'a\u0000b' }, 'usdt'],
      [{ ...body, version_label: 'x'.repeat(41) }, 'version_label'],
    ] as const) {
      const res = await call(app, '/api/admin/settingsUpdate', bad, { token: admin });
      expect([res.code, res.field], JSON.stringify(bad)).toEqual([0, field]);
    }
  });
});
