/**
 * The console's campaigns (issue 25 §7) through the real API on a real database: every change
 * (create, edit, end) writes its audit row with the campaign before and after; the figures (claims,
 * paid, players, paid per operator-day) follow the claims; an edit applies to new claims only.
 */
import { api, type CallRef, type InputOf } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { zonedDate } from '../../src/domain/time.js';
import { callApi } from '../helpers.js';
import { balanceOf, requestDeposit } from '../wallet/fixtures.js';
import { BONUS_TERMS, CHECK_IN_TERMS, cardOf, claim, createCampaign, createRewardsApp, laterDays, names, player, rewardList, settledBet } from './kit.js';

const r = await createRewardsApp();

const admin = <C extends CallRef>(ref: C, body: InputOf<C> & { lang?: string }) => callApi(r.app, ref, body, { token: r.admin, lang: 'en' });

async function ok<C extends CallRef>(ref: C, body: InputOf<C> & { lang?: string }) {
  const res = await admin(ref, body);
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data;
}

/** The campaign's audit rows, oldest first. */
async function auditOf(id: number) {
  const page = await ok(api.admin.auditList, { target_type: 'campaign', target_id: String(id) });
  // The audit's detail is free-form in the contract (a record); a campaign's change records before and after.
  return [...page.list].reverse().map((row) => ({ ...row, detail: row.detail as { before: any; after: any } }));
}

/** What admin/campaignSave takes to save `id` again with changed terms (everything else as it is). */
async function editOf(id: number, patch: Record<string, unknown>) {
  const row = (await ok(api.campaigns.campaignList, {})).find((c: { id: number }) => c.id === id);
  const { live: _live, claims: _claims, paid: _paid, ends_at, ...rest } = row!;
  return { ...rest, ...(ends_at === null ? {} : { ends_at }), ...patch };
}

const stats = (id: number) => ok(api.campaigns.campaignStats, { id });
const today = () => zonedDate(r.clock.now(), r.app.config.timeZone);

async function approvedDeposit(token: string, money: string) {
  const id = await requestDeposit(r.app, token, money);
  await ok(api.admin.depositApprove, { id });
}

describe('console: campaigns', () => {
  it('create, edit and end each write an audit row with the campaign before and after; an ended campaign is offered to nobody', async () => {
    const me = await ok(api.admin.me, {});
    const id = await createCampaign(r, 'check_in', CHECK_IN_TERMS);
    let trail = await auditOf(id);
    expect(trail.map((a) => [a.action, a.username, a.target_id])).toEqual([['campaign.create', me.username, String(id)]]);
    expect(trail[0]!.detail.before).toBeNull();
    expect(trail[0]!.detail.after).toMatchObject({ id, kind: 'check_in', terms: CHECK_IN_TERMS, endsAt: null, enabled: true, title: { en: 'Daily check-in' } });

    const rewards = [150, 250, 300, 400, 500, 600, 1000];
    const saved = await ok(api.campaigns.campaignSave, await editOf(id, { terms: { rewards }, title: { ...names, en: 'Check in daily' } }));
    expect(saved).toMatchObject({ id, terms: { rewards }, title: { en: 'Check in daily' }, live: true });
    trail = await auditOf(id);
    expect(trail.map((a) => a.action)).toEqual(['campaign.create', 'campaign.update']);
    expect(trail[1]!.detail.before).toMatchObject({ terms: CHECK_IN_TERMS, title: { en: 'Daily check-in' } });
    expect(trail[1]!.detail.after).toMatchObject({ terms: { rewards }, title: { en: 'Check in daily' } });

    const p = await player(r);
    expect((await rewardList(r, p.token)).data.list.map((c: { id: number }) => c.id)).toContain(id);
    const ended = await ok(api.campaigns.campaignEnd, { id });
    expect([ended.live, ended.ends_at]).toEqual([false, Math.floor(r.clock.now() / 1000)]);
    trail = await auditOf(id);
    expect(trail.map((a) => a.action)).toEqual(['campaign.create', 'campaign.update', 'campaign.end']);
    expect([trail[2]!.detail.before.endsAt, trail[2]!.detail.after.endsAt]).toEqual([null, r.clock.now()]);
    expect(trail[2]!.detail.after.terms).toEqual({ rewards });
    // Ended: no longer offered, nothing claimable; nothing was paid.
    expect((await rewardList(r, p.token)).data.list.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await claim(r, p.token, id)).code).toBe(0);
    expect(await stats(id)).toEqual({ id, claims: 0, paid: '0.00', players: 0, days: [] });

    // A refused change (another kind) writes nothing.
    const refused = await admin(api.campaigns.campaignSave, await editOf(id, { kind: 'rakeback' }));
    expect(refused.code).toBe(0);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['campaign.create', 'campaign.update', 'campaign.end']);
  });

  it("a check-in reward changed after claims: those keep their amount, later claims pay the new one; the figures count claims, paid, players and each day's cost", async () => {
    const id = await createCampaign(r, 'check_in', CHECK_IN_TERMS);
    const [a, b, c] = [await player(r), await player(r), await player(r)];
    const day1 = today();
    expect((await claim(r, a.token, id)).data.paid).toBe('1.00');
    expect((await claim(r, b.token, id)).data.paid).toBe('1.00');

    await ok(api.campaigns.campaignSave, await editOf(id, { terms: { rewards: [150, 250, 300, 400, 500, 600, 1000] } }));
    // The claims made before the edit keep what they paid: ledger, balance and claim row.
    expect(await balanceOf(r.app, a.userId)).toEqual({ money: 0, score: 100 });
    const ledger = await callApi(r.app, api.wallet.quantityLogList, { type: 8 }, { token: a.token });
    expect(ledger.data.map((row: { quantity: string }) => row.quantity)).toEqual(['1.00']);
    // A new claim the same day pays the new day-1 reward; the card shows the new rewards.
    expect((await cardOf(r, c.token, id)).check_in!.rewards[0]).toBe('1.50');
    expect((await claim(r, c.token, id)).data.paid).toBe('1.50');
    expect(await stats(id)).toEqual({ id, claims: 3, paid: '3.50', players: 3, days: [{ day: day1, claims: 3, paid: '3.50' }] });

    // Next day: a's day 2 at the new reward.
    await laterDays(r, 1);
    await a.relogin();
    const day2 = today();
    expect((await claim(r, a.token, id)).data.paid).toBe('2.50');
    expect(await balanceOf(r.app, a.userId)).toEqual({ money: 0, score: 350 });
    expect(await stats(id)).toEqual({
      id,
      claims: 4,
      paid: '6.00',
      players: 3,
      days: [
        { day: day1, claims: 3, paid: '3.50' },
        { day: day2, claims: 1, paid: '2.50' },
      ],
    });
    const row = (await ok(api.campaigns.campaignList, {})).find((x: { id: number }) => x.id === id);
    expect([row!.claims, row!.paid]).toEqual([4, '6.00']);
    await ok(api.campaigns.campaignEnd, { id });
  });

  it('a first-deposit bonus edited after its grant keeps its requirement; a new grant takes the new terms; a release is a claim but not a new cost', async () => {
    const id = await createCampaign(r, 'first_deposit', BONUS_TERMS);
    const early = await player(r);
    await approvedDeposit(early.token, '150');
    expect((await claim(r, early.token, id)).data.paid).toBe('75.00');

    await ok(api.campaigns.campaignSave, await editOf(id, { terms: { percent: 100, cap: 20_000, wager_multiple: 5 } }));
    // Granted before the edit: 75.00 to wager 3×, as the player was told.
    let card = await cardOf(r, early.token, id);
    expect(card.bonus).toMatchObject({ amount: '75.00', required: '225.00', wager_multiple: 3, staked: '0.00' });
    expect(card.state).toBe('in_progress');

    // Granted after the edit: 100 % of 150, to wager 5×.
    const late = await player(r);
    await approvedDeposit(late.token, '150');
    card = await cardOf(r, late.token, id);
    expect([card.claimable, card.bonus!.required, card.bonus!.wager_multiple]).toEqual(['150.00', '750.00', 5]);
    expect((await claim(r, late.token, id)).data.paid).toBe('150.00');
    expect((await cardOf(r, late.token, id)).bonus).toMatchObject({ amount: '150.00', required: '750.00' });

    // The early player wagers the old requirement (one class a round: all of it at risk) and releases the bonus.
    for (let i = 0; i < 3; i++) await settledBet(r, early.token, '1', '75');
    await early.relogin();
    card = await cardOf(r, early.token, id);
    expect(card).toMatchObject({ state: 'available', bonus: { staked: '225.00', required: '225.00' } });
    expect((await claim(r, early.token, id)).code).toBe(1);
    expect((await cardOf(r, early.token, id)).state).toBe('claimed');

    // Three claims (two grants, one release) by two players; paid counts the grants only: a release
    // moves money already paid from stored funds to the balance.
    const figures = await stats(id);
    expect([figures.claims, figures.paid, figures.players]).toEqual([3, '225.00', 2]);
    expect(figures.days.reduce((sum: number, d: { paid: string }) => sum + Number(d.paid), 0)).toBe(225);
    expect(figures.days.reduce((sum: number, d: { claims: number }) => sum + d.claims, 0)).toBe(3);
    await ok(api.campaigns.campaignEnd, { id });
  });
});
