/**
 * The referral programme's calls through the API (issue 24): the player's team page, and the console's
 * settings (audited, from the next day), tree, report and held queue (release and void audited), with
 * the roles that may call them and localised refusals that change nothing.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { CommissionStatus } from '../../src/domain/referral/commission.js';
import { zonedDate } from '../../src/domain/time.js';
import { callApi, rawCall } from '../helpers.js';
import { balances, createGameApp, fund } from '../game/kit.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { commissionPayments, commissionRows, member, playRound, runDays, toNextDay } from './kit.js';

const { app, clock } = await createGameApp();
const tz = app.config.timeZone;

async function audits(action: string) {
  return queryRows<{ detail: Record<string, unknown>; target_id: string }>(
    app.db,
    sql`select detail, target_id from audit_log where action = ${action} order by id`,
  );
}

describe('the referral programme’s calls', () => {
  it('show a player their team masked, their commission per day with its base, and paid / held / pending', async () => {
    const referrer = await member(app);
    const friend = await member(app, referrer, 5_000_00, { username: `frienda${Date.now() % 1000}` });
    await member(app, referrer); // a friend who never plays
    await member(app, friend); // level 2
    await playRound(app, clock, [{ who: friend, playType: '1', money: '1000' }]);
    const day = zonedDate(clock.now(), tz);
    toNextDay(clock);
    await runDays(app, clock);
    const login = await callApi(app, api.user.login, { account: referrer.username, password: referrer.password });
    const team = await callApi(app, api.referral.team, {}, { token: login.data.userinfo.token });
    expect(team.code).toBe(1);
    expect(team.data).toMatchObject({
      inviter_id: referrer.userId,
      settings: { enabled: true, rate1: '25.00', rate2: '5.00', level2: false, min_payout: '1.00' },
      totals: { paid: '7.50', held: '0.00', pending: '0.00' },
      counts: { level1: 2, level2: 1 },
      days: [{ day, orders: 1, stakes: '1000.00', edge: '30.00', commission: '7.50', status: CommissionStatus.paid, held: false }],
    });
    // Masked names, never a stake, a win or a balance; the friend played last week (the clock is a day on) — or this week.
    const names = team.data.invitees.map((i: { name: string }) => i.name);
    expect(names).toContain('f***' + friend.username.slice(-1));
    expect(names.every((n: string) => n.includes('***') || n.length <= 2)).toBe(true);
    expect(Object.keys(team.data.invitees[0]!).sort()).toEqual(['active_week', 'joined', 'level', 'name']);
    expect(team.data.invitees.filter((i: { level: number }) => i.level === 2)).toHaveLength(1);

    // A guest has no team.
    const guest = await callApi(app, api.user.guestLogin, {});
    expect((await callApi(app, api.referral.team, {}, { token: guest.data.userinfo.token })).code).not.toBe(1);
  });

  it('let an admin change the settings from tomorrow (audited); finance reads them, support and finance may not change them', async () => {
    const admin = await operatorWithRole(app, 'admin');
    const finance = await operatorWithRole(app, 'finance');
    const support = await operatorWithRole(app, 'support');
    const body = { enabled: 1, rate1: '30', rate2: '2.5', level2: 1, min_payout: '5' };
    for (const token of [finance, support]) expect((await rawCall(app, api.referral.settingsUpdate, body, { token })).code).not.toBe(1);
    const changed = await rawCall(app, api.referral.settingsUpdate, body, { token: admin });
    expect(changed.code).toBe(1);
    const tomorrow = zonedDate(clock.now() + 86_400_000, tz);
    expect(changed.data).toMatchObject({
      today: zonedDate(clock.now(), tz),
      current: { rate1: '25.00', level2: false },
      from: tomorrow,
      next: { enabled: true, rate1: '30.00', rate2: '2.50', level2: true, min_payout: '5.00' },
    });
    expect((await callApi(app, api.referral.settings, {}, { token: finance })).data).toEqual(changed.data);
    const [audit] = await audits('referral.settings');
    expect(audit!.detail).toMatchObject({ from: tomorrow, before: { rate1: '25.00' }, after: { rate1: '30.00', level2: true } });

    // Out-of-range input: a clear message naming the field, nothing stored.
    for (const [bad, field, msg] of [
      [{ ...body, rate1: '50.01' }, 'rate1', 'Enter a rate between 0 and 50'],
      [{ ...body, rate2: '-1' }, 'rate2', 'Enter a rate between 0 and 50'],
      [{ ...body, min_payout: '0' }, 'min_payout', 'Enter a minimum payout'],
    ] as const) {
      const res = await rawCall(app, api.referral.settingsUpdate, bad, { token: admin });
      expect(res).toMatchObject({ code: 0, field });
      expect(res.msg).toContain(msg);
    }
    expect(await audits('referral.settings')).toHaveLength(1);
    // Put the defaults back for the next tests (computed tomorrow).
    await app.db.execute(sql`delete from referral_settings`);
  });

  it('show the tree two levels deep, the daily report, and the held queue; release pays once and void pays nothing, both audited', async () => {
    const referrer = await member(app);
    await callApi(app, api.user.login, { account: referrer.username, password: referrer.password }, { ip: '10.66.0.1' });
    const flagged = await callApi(
      app,
      api.user.register,
      { username: `flg${Date.now() % 1_000_000}`, password: 'correct-horse-9', inviter_id: referrer.userId },
      { ip: '10.66.0.1' },
    );
    const flaggedMember = { token: '', userId: flagged.data.userinfo.user_id as number, username: `flg`, password: 'correct-horse-9' };
    flaggedMember.username = (await queryRows<{ username: string }>(app.db, sql`select username from users where id = ${flaggedMember.userId}`))[0]!.username;
    await fund(app, flaggedMember.userId, 5_000_00);
    const second = await member(app, flaggedMember);
    await playRound(app, clock, [
      { who: flaggedMember, playType: '2', money: '1000' },
      { who: second, playType: '2', money: '1000' },
    ]);
    const day = zonedDate(clock.now(), tz);
    toNextDay(clock);
    await runDays(app, clock);
    const [held] = (await commissionRows(app.db, referrer.userId)).filter((r) => r.status === CommissionStatus.held);
    expect(held).toMatchObject({ amount: 750, hold_reason: 'flagged' });

    // Operators sign in after the clock's jump to the next day (a console session lasts 12 hours).
    const tokenF = await operatorWithRole(app, 'finance');
    const support = await operatorWithRole(app, 'support');
    const tree = await callApi(app, api.referral.tree, { id: referrer.userId }, { token: support });
    expect(tree.data).toMatchObject({
      player: { id: referrer.userId, inviter: null },
      level1: [{ id: flaggedMember.userId, flag: 'ip', invitees: 1 }],
      level2: [{ id: second.userId, via: flaggedMember.userId, flag: null }],
      counts: { level1: 1, level2: 1 },
      earned: { held: '7.50', paid: '0.00' },
    });
    expect((await callApi(app, api.referral.tree, { id: 99_999_999 }, { token: support })).code).toBe(0);

    const report = await callApi(app, api.referral.report, { begin_date: day, end_date: day }, { token: tokenF });
    expect(report.data.days).toEqual([expect.objectContaining({ day, held: '7.50' })]);
    expect(report.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ referrer_id: referrer.userId, stakes: '1000.00', edge: '30.00', amount: '7.50', status: 2 })]),
    );
    expect((await callApi(app, api.referral.report, {}, { token: support })).code).not.toBe(1);
    expect((await callApi(app, api.referral.report, { begin_date: '2025-02-30' }, { token: tokenF })).field).toBe('begin_date');

    const queue = await callApi(app, api.referral.held, {}, { token: tokenF });
    expect(queue.data.held).toEqual(expect.arrayContaining([expect.objectContaining({ id: held!.id, amount: '7.50' })]));
    expect(queue.data.flagged).toEqual(
      expect.arrayContaining([expect.objectContaining({ invitee_id: flaggedMember.userId, referrer_id: referrer.userId, flag: 'ip' })]),
    );

    const before = await balances(app, referrer.userId);
    expect((await rawCall(app, api.referral.decide, { id: held!.id, action: 'release' }, { token: tokenF })).field).toBe('reason');
    const released = await Promise.all(
      [1, 2, 3].map(() => callApi(app, api.referral.decide, { id: held!.id, action: 'release', reason: 'checked: two phones' }, { token: tokenF })),
    );
    expect(released.filter((r) => r.code === 1)).toHaveLength(1);
    expect(released.filter((r) => r.code === 0).map((r) => r.msg)).toEqual(['This commission is not held any more', 'This commission is not held any more']);
    expect((await balances(app, referrer.userId)).money - before.money).toBe(750);
    expect((await commissionPayments(app.db, referrer.userId)).filter((p) => p.ref_id === held!.id)).toEqual([expect.objectContaining({ quantity: 750 })]);
    expect((await audits('referral.release')).filter((a) => a.target_id === String(held!.id))).toHaveLength(1);
    expect((await callApi(app, api.referral.decide, { id: held!.id, action: 'void', reason: 'x' }, { token: tokenF })).code).toBe(0);

    // A held row of a frozen referrer: release is refused while frozen, void drops it.
    const frozen = await member(app);
    const friend = await member(app, frozen);
    await app.db.execute(sql`update users set disabled = true where id = ${frozen.userId}`);
    await playRound(app, clock, [{ who: friend, playType: '2', money: '1000' }]);
    toNextDay(clock);
    await runDays(app, clock);
    const [row] = await commissionRows(app.db, frozen.userId);
    const tokenF2 = await operatorWithRole(app, 'finance');
    const refused = await callApi(app, api.referral.decide, { id: row!.id, action: 'release', reason: 'ok' }, { token: tokenF2 });
    expect(refused).toMatchObject({ code: 0, msg: 'The referrer is frozen or excluded: the commission cannot be paid now' });
    const voided = await callApi(app, api.referral.decide, { id: row!.id, action: 'void', reason: 'fraud ring' }, { token: tokenF2 });
    expect(voided.data).toEqual({ id: row!.id, status: CommissionStatus.voided, amount: '7.50' });
    await app.db.execute(sql`update users set disabled = false where id = ${frozen.userId}`);
    toNextDay(clock);
    await runDays(app, clock);
    expect(await commissionPayments(app.db, frozen.userId)).toEqual([]);
    expect((await audits('referral.void')).map((a) => a.detail)).toEqual([{ amount: '7.50', reason: 'fraud ring' }]);
  });
});
