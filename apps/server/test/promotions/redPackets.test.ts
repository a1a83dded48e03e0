/**
 * Red packets through the API (docs/red-packets.md): the budget's top-ups and a drop refused when larger
 * than the budget, a packet claimed share by share as the split fixed from its seed, the seed revealed when
 * it is empty and the sequence checked by the shared check, every refusal (with its words, nothing paid),
 * a scheduled packet, the rest of an expired packet returned to the budget, the posts in the room, the
 * audit rows and the money dashboard's net after rewards.
 */
import { api } from '@lucky28/shared/api';
import { checkRedPacket, parseMoney, splitRedPacket, formatMoney } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { callApi } from '../helpers.js';
import { checkLedgerInvariants } from '../game/kit.js';
import { balanceOf, gift, operatorWithRole } from '../wallet/fixtures.js';
import { createRewardsApp, player, settledBet, DAY_MS } from '../rewards/kit.js';
import { claimShare, drop, dropRaw, fairPacket, roomOf, sharesPaidTo, topUp } from './kit.js';

const r = await createRewardsApp();
const cents = (text: string) => parseMoney(text)!;
/** A signed amount (the net after rewards may be below zero). */
const signedCents = (text: string) => (text.startsWith('-') ? -cents(text.slice(1)) : cents(text));
const budget = async () => (await callApi(r.app, api.redPackets.budget, {}, { token: r.admin })).data;
const auditActions = async () =>
  (await queryRows<{ action: string }>(r.app.db, sql`select action from audit_log where action like 'promotion.%' order by id`)).map((a) => a.action);

describe('the promotions budget', () => {
  it('is topped up by an operator, each movement recorded with the balance after and audited', async () => {
    const before = cents((await budget()).balance);
    const after = await topUp(r, '100.00', 'December');
    expect(cents(after.balance)).toBe(before + 10_000);
    expect(after.movements.list[0]).toMatchObject({ kind: 'top_up', amount: '100.00', balance_after: after.balance, note: 'December' });
    expect(after.movements.list[0]!.operator).toMatch(/admin/);
    expect(await auditActions()).toContain('promotion.budget_top_up');
  });

  it('refuses a drop larger than the budget, saying what it holds, and changes nothing', async () => {
    const { balance, movements } = await budget();
    const tooBig = formatMoney(cents(balance) + 1);
    const res = await dropRaw(r, { total: tooBig, shares: 2 });
    expect(res.code).toBe(0);
    expect(res.msg).toBe(`The promotions budget holds only ${balance} u`);
    const now = await budget();
    expect(now.balance).toBe(balance);
    expect(now.movements.total).toBe(movements.total);
    expect((await queryRows(r.app.db, sql`select id from red_packets where total = ${cents(tooBig)}`)).length).toBe(0);
  });

  it('refuses bad drops with their own words: fewer cents than shares, too many shares, a cash packet with wagering, an unknown room', async () => {
    expect((await dropRaw(r, { total: '0.04', shares: 5 })).msg).toBe('The total must be at least 0.01 u per share (0.05 u)');
    expect((await dropRaw(r, { shares: 501 })).msg).toBe('The number of shares must be 1 to 500');
    expect((await dropRaw(r, { wager_multiple: 3 })).msg).toBe('The wagering multiple must be 0 to 50, and only bonus money has one');
    expect((await dropRaw(r, { plan_id: 99_999 })).code).toBe(0);
    expect((await dropRaw(r, { total: '1.005' })).code).toBe(0);
    expect((await dropRaw(r, { min_at_risk: '10.00' })).msg).toBe('Enter the money at risk and its days (1 to 90) together');
    expect((await dropRaw(r, { shares: 5 }, 'zh')).code).toBe(1);
  });
});

describe('a packet claimed share by share', () => {
  it('pays each claimant the share of their claim number, reveals the seed once empty, and the sequence checks', async () => {
    await topUp(r, '50.00');
    const before = cents((await budget()).balance);
    const packet = await drop(r, { total: '12.34', shares: 3, greeting: 'Happy hour' });
    expect(packet.status).toBe('open');
    expect(packet.seed).toBeNull();
    expect(packet.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(cents((await budget()).balance)).toBe(before - 1234);
    expect((await fairPacket(r.app, packet.id)).data.seed).toBeNull();

    const players = [await player(r), await player(r), await player(r)];
    const got: number[] = [];
    for (const [i, p] of players.entries()) {
      const res = await claimShare(r.app, p.token, packet.id);
      expect(res.code, JSON.stringify(res)).toBe(1);
      expect(res.data.claim_no).toBe(i + 1);
      got.push(cents(res.data.share));
      expect(await balanceOf(r.app, p.userId)).toEqual({ money: got[i], score: 0 });
      expect(await sharesPaidTo(r.app, p.userId)).toEqual([{ wallet: 'money', quantity: String(got[i]) }]);
    }
    expect(got.reduce((a, b) => a + b, 0)).toBe(1234);

    const fair = (await fairPacket(r.app, packet.id)).data;
    expect(fair.status).toBe('empty');
    expect(fair.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(splitRedPacket(fair.seed!, 1234, 3)).toEqual(got);
    const of = { packetId: fair.id, totalCents: 1234, shares: 3, seedHash: fair.seed_hash };
    expect(checkRedPacket(of, fair.seed!, fair.claims, fair.claims_hash!)).toEqual([]);
    expect(fair.claims.map((c) => c.nickname)).toEqual(players.map((p) => `${p.username[0]}***${p.username.at(-1)}`));

    const late = await player(r);
    expect((await claimShare(r.app, late.token, packet.id)).msg).toBe('This red packet is empty: every share has been claimed');
    expect((await claimShare(r.app, players[0]!.token, packet.id)).msg).toBe('You already have your share of this red packet');
    expect(await balanceOf(r.app, late.userId)).toEqual({ money: 0, score: 0 });

    const chat = await callApi(r.app, api.chat.list, { plan_id: roomOf(r.app) }, { token: late.token });
    const posts = chat.data.list.filter((m) => m.system?.params.packet_id === packet.id).map((m) => m.text);
    expect(posts).toEqual([
      'Red packet: 12.34 u in 3 shares. Happy hour',
      ...fair.claims.map((c) => `${c.nickname} got ${c.share} u`),
      'The red packet is closed: its seed is revealed, check the split on the fairness page',
    ]);
    expect(await auditActions()).toContain('promotion.packet_drop');
    await checkLedgerInvariants(r.app.db);
  });

  it('pays a bonus packet to stored funds with its wagering requirement, and the dashboard counts the shares as a cost', async () => {
    const summary = async () => (await callApi(r.app, api.admin.moneySummary, {}, { token: r.admin })).data;
    const before = await summary();
    const packet = await drop(r, { total: '2.00', shares: 1, wallet: 'bonus', wager_multiple: 5 });
    const p = await player(r);
    const res = await claimShare(r.app, p.token, packet.id);
    expect(res.data).toMatchObject({ share: '2.00', wallet: 'bonus', wager_required: '10.00' });
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 200 });
    const after = await summary();
    expect(cents(after.costs.red_packets)).toBe(cents(before.costs.red_packets) + 200);
    expect(after.totals.house).toBe(before.totals.house);
    expect(signedCents(after.net_after_rewards)).toBe(signedCents(before.net_after_rewards) - 200);
  });
});

describe('who gets no share, and is told why', () => {
  it('guests, time-outs, self-exclusions, opted-out, frozen and operator-linked accounts, and players who do not qualify', async () => {
    await topUp(r, '20.00');
    const packet = await drop(r, { total: '5.00', shares: 5 });
    const guest = await callApi(r.app, api.user.guestLogin, {}, { ip: '10.77.0.1' });
    expect((await claimShare(r.app, guest.data.userinfo.token, packet.id)).msg).toBe('Guests must register as full members before doing this');

    const timedOut = await player(r);
    await r.app.db.execute(
      sql`update users set excluded_until = ${new Date(r.clock.now() + DAY_MS).toISOString()}, exclusion_kind = 'timeout' where id = ${timedOut.userId}`,
    );
    expect((await claimShare(r.app, timedOut.token, packet.id)).code).toBe(0);

    const optedOut = await player(r);
    expect((await callApi(r.app, api.rewards.promotionsOptOut, { opt_out: true }, { token: optedOut.token })).code).toBe(1);
    expect((await claimShare(r.app, optedOut.token, packet.id)).msg).toBe('You opted out of promotions (you can change this in Responsible play)');

    const linked = await player(r);
    expect((await callApi(r.app, api.redPackets.linkedPlayer, { user_id: linked.userId, linked: true, note: 'staff' }, { token: r.admin })).code).toBe(1);
    expect((await claimShare(r.app, linked.token, packet.id)).msg).toBe('Accounts linked to the operator cannot claim red packets');

    const frozen = await player(r);
    await r.app.db.execute(sql`update users set disabled = true where id = ${frozen.userId}`);
    // A frozen account's session is refused before the claim is read (and the claim refuses it too: err.red_packet_frozen).
    const frozenAnswer = await claimShare(r.app, frozen.token, packet.id);
    expect(frozenAnswer.status).toBe(401);

    for (const p of [timedOut, optedOut, linked, frozen]) expect(await sharesPaidTo(r.app, p.userId)).toEqual([]);
    expect((await fairPacket(r.app, packet.id)).data.claimed).toBe(0);
    expect(await auditActions()).toContain('promotion.player_link');
  });

  it('a packet for players with money at risk refuses one without, and pays one who bet', async () => {
    const packet = await drop(r, { total: '1.00', shares: 1, min_at_risk: '5.00', at_risk_days: 7 });
    const idle = await player(r);
    expect((await claimShare(r.app, idle.token, packet.id)).msg).toBe('This red packet is for players with at least 5.00 u at risk over the last 7 days');
    const bettor = await player(r);
    await gift(r.app, bettor.userId, 2_000);
    await settledBet(r, bettor.token, '1', '10');
    await bettor.relogin();
    const res = await claimShare(r.app, bettor.token, packet.id);
    expect(res.code, JSON.stringify(res)).toBe(1);
  });
});

describe('scheduled and expired packets', () => {
  it('a scheduled packet cannot be claimed before it opens; an expired one gives its rest back to the budget and reveals its seed', async () => {
    await topUp(r, '30.00');
    const opensAt = Math.floor(r.clock.now() / 1000) + 600;
    const packet = await drop(r, { total: '9.00', shares: 3, opens_at: opensAt, window_minutes: 20 });
    expect(packet.status).toBe('scheduled');
    const p = await player(r);
    expect((await claimShare(r.app, p.token, packet.id)).msg).toMatch(/^This red packet opens at \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    r.clock.advance(601_000);
    const claimed = await claimShare(r.app, p.token, packet.id);
    expect(claimed.code, JSON.stringify(claimed)).toBe(1);
    const paid = cents(claimed.data.share);
    r.clock.advance(20 * 60_000);
    const q = await player(r);
    expect((await claimShare(r.app, q.token, packet.id)).msg).toBe('This red packet has expired');
    r.admin = await operatorWithRole(r.app, 'admin');
    const before = cents((await budget()).balance);
    const report = await pruneOnce({ db: r.app.db, dataDir: r.app.config.dataDir, now: r.clock.now(), timeZone: r.app.config.timeZone, log: r.app.log });
    expect(report.redPackets).toContainEqual({ id: packet.id, returned: 900 - paid });
    expect(cents((await budget()).balance)).toBe(before + report.redPackets.reduce((sum, x) => sum + x.returned, 0));
    const again = await pruneOnce({ db: r.app.db, dataDir: r.app.config.dataDir, now: r.clock.now(), timeZone: r.app.config.timeZone, log: r.app.log });
    expect(again.redPackets).toEqual([]);
    const fair = (await fairPacket(r.app, packet.id)).data;
    expect(fair.status).toBe('expired');
    expect(checkRedPacket({ packetId: fair.id, totalCents: 900, shares: 3, seedHash: fair.seed_hash }, fair.seed!, fair.claims, fair.claims_hash!)).toEqual([]);
    const list = (await callApi(r.app, api.redPackets.packetList, {}, { token: r.admin })).data.list.find((x) => x.id === packet.id)!;
    expect(list).toMatchObject({ paid: formatMoney(paid), returned: formatMoney(900 - paid), claimants: [{ claim_no: 1, user_id: p.userId }] });
    await checkLedgerInvariants(r.app.db);
  });
});
