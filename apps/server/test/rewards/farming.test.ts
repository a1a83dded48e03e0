/**
 * Nothing to farm (issue 42 items 1 and 2, docs/design.md "Rewards"): rakeback and commissions together stay
 * below the house edge of a stake, tiers and wagering count money at risk (a hedge counts what it can lose),
 * and one campaign of a kind runs at a time — refused by the console's calls and by the database itself.
 */
import { api } from '@lucky28/shared/api';
import { BetClass, EVEN_MONEY_PAID, houseEdgeScaled, moneyAtRisk } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { caseOptions } from '@lucky28/shared/testing/depth';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { defaultRateLimits } from '../../src/plugins/rateLimits.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { zonedDate } from '../../src/domain/time.js';
import { callApi, rawCall } from '../helpers.js';
import { ROUND_MS, roomOf } from '../game/kit.js';
import { member, playRound, runDays, toNextDay } from '../referral/kit.js';
import { gift, operatorWithRole } from '../wallet/fixtures.js';
import { approvedDeposit, BONUS_TERMS, cardOf, claim, createCampaign, createRewardsApp, names, player, RAKEBACK_TERMS } from './kit.js';

// Players and operators sign in again after every day the clock jumps: the sign-in limits are not under test here.
const r = await createRewardsApp({ rateLimits: { ...defaultRateLimits, login: false, register: false } });
const now = () => Math.floor(r.clock.now() / 1000);
const HOUR = 3_600;

const body = (kind: string, terms: unknown, extra: Record<string, unknown> = {}) => ({
  kind,
  title: names,
  terms_text: names,
  terms,
  starts_at: now(),
  enabled: true,
  ...extra,
});
const save = (b: Record<string, unknown>, lang = 'en') => rawCall(r.app, api.campaigns.campaignSave, b, { token: r.admin, lang });
const end = async (id: number) => expect((await callApi(r.app, api.campaigns.campaignEnd, { id }, { token: r.admin })).code).toBe(1);
const rakeback = (topBp: number) => ({ tiers: [{ name: names, min_stake: 0, rate_bp: topBp }] });
const referral = (rate1: string, rate2: string, lang = 'en') =>
  callApi(r.app, api.referral.settingsUpdate, { enabled: 1, rate1, rate2, level2: 1, min_payout: '1' }, { token: r.admin, lang });
const dbError = async (statement: ReturnType<typeof sql>) => {
  try {
    await r.app.db.execute(statement);
  } catch (err) {
    let e: unknown = err;
    while (e && typeof e === 'object' && !('constraint' in e) && 'cause' in e) e = (e as { cause: unknown }).cause;
    return e as { code?: string; constraint?: string };
  }
  return null;
};

describe('one campaign of a kind at a time', () => {
  it('refuses a rakeback or first-deposit campaign overlapping another, scheduled ones included, under its start, in the database too', async () => {
    const first = await createCampaign(r, 'rakeback', RAKEBACK_TERMS);
    // A second one running at once: the same day's stakes would be paid twice.
    let res = await save(body('rakeback', RAKEBACK_TERMS, { starts_at: now() + HOUR }));
    expect(res).toMatchObject({
      code: 0,
      field: 'starts_at',
      msg: `Campaign #${first} of the same kind runs or is scheduled during this period: one campaign of a kind at a time`,
    });
    res = await save(body('rakeback', RAKEBACK_TERMS, { starts_at: now() + HOUR }), 'zh');
    expect(res.msg).toBe(`同类活动 #${first} 在此期间进行中或已排期：同类活动同一时间只能有一个`);
    // A draft (not enabled) may be prepared; turning it on over the running one is refused.
    const draft = await save(body('rakeback', RAKEBACK_TERMS, { starts_at: now() + HOUR, enabled: false }));
    expect(draft.code, JSON.stringify(draft)).toBe(1);
    res = await save({ ...body('rakeback', RAKEBACK_TERMS, { starts_at: now() + HOUR }), id: draft.data.id });
    expect(res).toMatchObject({ code: 0, field: 'starts_at' });
    // The database refuses it however it is written.
    const refused = await dbError(sql`update campaigns set enabled = true where id = ${draft.data.id}`);
    expect(refused).toMatchObject({ code: '23P01', constraint: 'campaigns_rakeback_one_at_a_time' });

    // Scheduled ones: a first-deposit bonus next week for a week, and another overlapping its last day.
    const week = 7 * 24 * HOUR;
    const next = await save(body('first_deposit', BONUS_TERMS, { starts_at: now() + week, ends_at: now() + 2 * week }));
    expect(next.code, JSON.stringify(next)).toBe(1);
    res = await save(body('first_deposit', BONUS_TERMS, { starts_at: now() + 2 * week - HOUR }));
    expect(res).toMatchObject({ code: 0, field: 'starts_at' });
    // Back to back is fine: one ends as the other starts.
    const after = await save(body('first_deposit', BONUS_TERMS, { starts_at: now() + 2 * week }));
    expect(after.code, JSON.stringify(after)).toBe(1);
    // Moving the first one's end into the next is an overlap too.
    res = await save({ ...body('first_deposit', BONUS_TERMS, { starts_at: now() + week, ends_at: now() + 3 * week }), id: next.data.id });
    expect(res).toMatchObject({ code: 0, field: 'starts_at' });

    // Once the rakeback ends, the draft may take over from then on.
    await end(first);
    r.clock.advance(1_000);
    res = await save({ ...body('rakeback', RAKEBACK_TERMS, { starts_at: now() }), id: draft.data.id });
    expect(res.code, JSON.stringify(res)).toBe(1);
    for (const id of [draft.data.id, next.data.id, after.data.id]) await end(id);
  });

  it("refuses a start in the past: a new campaign, or a start moved back; an edit keeping a live campaign's start is fine", async () => {
    let res = await save(body('check_in', { rewards: [1, 2, 3, 4, 5, 6, 7] }, { starts_at: now() - HOUR }));
    expect(res).toMatchObject({ code: 0, field: 'starts_at', msg: 'The start cannot be in the past' });
    expect((await save(body('check_in', { rewards: [1, 2, 3, 4, 5, 6, 7] }, { starts_at: now() - HOUR }), 'vi')).msg).toBe(
      'Thời gian bắt đầu không được ở quá khứ',
    );
    const live = await save(body('check_in', { rewards: [1, 2, 3, 4, 5, 6, 7] }));
    expect(live.code, JSON.stringify(live)).toBe(1);
    r.clock.advance(5 * 60_000);
    await r.app.game.scheduler.tick();
    const edit = { ...body('check_in', { rewards: [2, 2, 3, 4, 5, 6, 7] }, { starts_at: live.data.starts_at }), id: live.data.id };
    res = await save(edit);
    expect(res.code, JSON.stringify(res)).toBe(1);
    res = await save({ ...edit, starts_at: live.data.starts_at - HOUR });
    expect(res).toMatchObject({ code: 0, field: 'starts_at' });
    await end(live.data.id);
  });
});

describe('tiers and wagering count money at risk', () => {
  it('a fully hedged round — big and small at even odds, across two rooms — advances neither a rakeback tier nor a bonus wagering', async () => {
    // Even odds with no middle-total odds: big and small together pay back every stake on every triple.
    const even = JSON.stringify({ [BetClass.BIG]: { odds: 200, odds_special: null }, [BetClass.SMALL]: { odds: 200, odds_special: null } });
    const roomA = await roomOf(r.app, 7, 0);
    const roomB = await roomOf(r.app, 7, 1);
    await r.app.db.execute(sql`update rooms set odds_override = ${even}::jsonb where id in (${roomA}, ${roomB})`);
    await r.app.game.reloadConfig();
    const tiers = await createCampaign(r, 'rakeback', {
      tiers: [
        { name: names, min_stake: 0, rate_bp: 1_000 },
        { name: names, min_stake: 50_000, rate_bp: 2_000 },
      ],
    });
    const bonus = await createCampaign(r, 'first_deposit', BONUS_TERMS);
    const p = await player(r);
    await approvedDeposit(r, p.token, '200');
    expect((await claim(r, p.token, bonus)).code).toBe(1);
    await gift(r.app, p.userId, 2_000_000);

    const round = async (bets: { room: number; playType: number; money: string }[]) => {
      // Into a round still open for bets (the clock may stand in the last seconds of one).
      while (r.clock.now() >= roundAt(r.clock.now(), r.app.game.settings).closesAt - 5_000) r.clock.advance(15_000);
      await r.app.game.scheduler.tick();
      const issue = roundAt(r.clock.now(), r.app.game.settings).issue;
      for (const b of bets) {
        const res = await callApi(
          r.app,
          api.lottery.playOrder,
          { issue, plan_id: b.room, game_id: 7, play_type: String(b.playType), money: b.money },
          { token: p.token },
        );
        expect(res.code, JSON.stringify(res)).toBe(1);
      }
      r.clock.advance(ROUND_MS);
      await r.app.game.scheduler.tick();
    };
    // 4,000 u hedged: 2,000 on big in one room, 2,000 on small in the other, one round.
    await round([
      { room: roomA, playType: BetClass.BIG, money: '2000' },
      { room: roomB, playType: BetClass.SMALL, money: '2000' },
    ]);
    let card = await cardOf(r, p.token, tiers);
    expect(card.rakeback).toMatchObject({ tier: 0, stakes_30d: '0.00' });
    expect((await cardOf(r, p.token, bonus)).bonus).toMatchObject({ staked: '0.00', required: '300.00' });

    // Half a hedge: the part left uncovered is at risk, and counts.
    await round([
      { room: roomA, playType: BetClass.BIG, money: '300' },
      { room: roomB, playType: BetClass.SMALL, money: '100' },
    ]);
    const atRisk = moneyAtRisk([
      { playType: BetClass.BIG, amount: 30_000, odds: 200, oddsSpecial: null },
      { playType: BetClass.SMALL, amount: 10_000, odds: 200, oddsSpecial: null },
    ]);
    expect(atRisk).toBe(20_000);
    card = await cardOf(r, p.token, tiers);
    expect(card.rakeback).toMatchObject({ tier: 0, stakes_30d: '200.00' });
    expect((await cardOf(r, p.token, bonus)).bonus).toMatchObject({ staked: '200.00' });
    await r.app.db.execute(sql`update rooms set odds_override = null where id in (${roomA}, ${roomB})`);
    await r.app.game.reloadConfig();
    for (const id of [tiers, bonus]) await end(id);
  });
});

describe('rakeback and commission below the house edge', () => {
  it('refuses a top tier that with the referral reaches 100 % of the edge, and referral rates that would, in the console and the database', async () => {
    // The referral pays 25 % (the defaults): a 75 % top tier makes 100 %.
    let res = await save(body('rakeback', rakeback(7_500)));
    expect(res).toMatchObject({
      code: 0,
      field: 'terms',
      msg: "Rakeback's top tier (75.00%) and the referral commission (25.00%) together reach 100.00% of the house edge: together they must stay below 100%",
    });
    res = await save(body('rakeback', rakeback(7_499)));
    expect(res.code, JSON.stringify(res)).toBe(1);
    const id = res.data.id as number;
    // With that rakeback running, the referral may not be raised to reach the edge — from tomorrow on either.
    const raised = await referral('20', '5.01', 'tw');
    expect(raised).toMatchObject({ code: 0, field: 'rate1' });
    expect(raised.msg).toBe('返水最高等級（74.99%）與推薦佣金（25.01%）合計達到莊家優勢的 100.00%：兩者合計須低於 100%');
    expect((await referral('20', '5')).code).toBe(1);
    // The database refuses what the console would: a tier raised by hand.
    const refused = await dbError(sql`update campaigns set terms = ${JSON.stringify(rakeback(7_600))}::jsonb where id = ${id}`);
    expect(refused).toMatchObject({ code: '23514', constraint: 'reward_edge_share' });
    await end(id);
  });

  it('for any bets and any rates the console allows, rakeback plus both levels of commission never exceed the expected loss', async () => {
    let campaign: number | null = null;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          top: fc.integer({ min: 1, max: 10_000 }),
          rate1: fc.integer({ min: 0, max: 5_000 }),
          rate2: fc.integer({ min: 0, max: 5_000 }),
          bets: fc.array(
            fc.record({
              playType: fc.constantFrom(BetClass.BIG, BetClass.SMALL, BetClass.ODD, BetClass.EVEN, BetClass.BIG_ODD, BetClass.PAIR, 113, 114),
              units: fc.integer({ min: 10, max: 300 }),
            }),
            { minLength: 1, maxLength: 5 },
          ),
        }),
        async ({ top, rate1, rate2, bets }) => {
          r.admin = await operatorWithRole(r.app, 'admin');
          if (campaign !== null) await end(campaign);
          campaign = null;
          // The referral's rates apply from tomorrow; the rakeback is made tomorrow, once they do.
          const pct = (bp: number) => (bp / 100).toFixed(2);
          await referral(pct(rate1), pct(rate2));
          toNextDay(r.clock, 0, 30);
          await r.app.game.scheduler.tick();
          r.admin = await operatorWithRole(r.app, 'admin');
          const day = zonedDate(r.clock.now(), r.app.config.timeZone);
          const inForce = await queryRows<{ rate1_bp: number; rate2_bp: number }>(
            r.app.db,
            sql`select rate1_bp, rate2_bp from referral_settings where effective_day <= ${day} order by effective_day desc limit 1`,
          );
          const referralBp = Number(inForce[0]!.rate1_bp) + Number(inForce[0]!.rate2_bp);
          const made = await save(body('rakeback', rakeback(top), { starts_at: Math.ceil(r.clock.now() / 1000) }));
          if (made.code === 1) {
            campaign = made.data.id as number;
            accepted++;
            expect(top + referralBp).toBeLessThan(10_000);
          } else {
            expect(made.field).toBe('terms');
          }
          r.clock.advance(1_000);
          // A player invited by a player invited by another: both levels of commission on the same stakes.
          const level2 = await member(r.app);
          const level1 = await member(r.app, level2);
          const bettor = await member(r.app, level1, 20_000_00);
          await playRound(
            r.app,
            r.clock,
            bets.map((b) => ({ who: bettor, playType: String(b.playType), money: String(b.units) })),
          );
          const orders = await queryRows<{ play_type: number; amount: string; odds: number; odds_special: number | null }>(
            r.app.db,
            sql`select play_type, amount, odds, odds_special from orders where user_id = ${bettor.userId} and status = 1`,
          );
          const edge = orders.reduce(
            (s, o) =>
              s +
              houseEdgeScaled({
                playType: Number(o.play_type),
                amount: Number(o.amount),
                odds: Number(o.odds),
                oddsSpecial: o.odds_special === null ? null : Number(o.odds_special),
              }),
            0,
          );
          const paidBack = campaign === null ? 0 : Math.round(Number((await cardOf(r, bettor.token, campaign)).rakeback!.today) * 100);
          toNextDay(r.clock, 0, 30);
          await runDays(r.app, r.clock);
          const [commission] = await queryRows<{ amount: string }>(
            r.app.db,
            sql`select coalesce(sum(amount), 0)::text as amount from referral_commissions where day = ${day} and referrer_id in (${level1.userId}, ${level2.userId})`,
          );
          // Everything paid on these stakes, scaled as the edge is (cents × EVEN_MONEY_PAID): never more than it.
          expect((paidBack + Number(commission!.amount)) * EVEN_MONEY_PAID).toBeLessThanOrEqual(edge);
        },
      ),
      // Quick in npm test, full length in npm run test:deep (@lucky28/shared/testing/depth). Each case
      // enrols fresh operators (TOTP), and the app's enrolment rate limit refuses a tenth case.
      caseOptions({ quick: 4, deep: 8 }),
    );
    expect(accepted).toBeGreaterThan(0);
    r.admin = await operatorWithRole(r.app, 'admin');
    if (campaign !== null) await end(campaign);
  }, 300_000);
});
