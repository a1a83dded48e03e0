/**
 * Rewards in the player app (issue 25): a new player deposits (the operator approves), the first-deposit
 * bonus appears in /actionCenter with its requirement, is claimed to stored funds, the player bets until
 * the requirement is met (rounds of 30 s here) and moves the bonus to the balance; a check-in fills day
 * 1 of the 7-day strip; another player forfeits the bonus from its card (what is lost said first) and
 * sees it in the fund details. The server runs on the real clock here; the streak over consecutive days
 * is rewards-checkin.spec.ts, on a server whose clock that spec moves.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { fund, newMember, openAs, placeBet } from './members';
import { operatorToken } from './operator';

const names = (en: string) => ({ zh: en, tw: en, en, vi: en });

async function createCampaign(request: APIRequestContext, kind: string, title: string, terms: unknown) {
  const token = await operatorToken(request);
  const res = await (
    await request.post('/api/admin/campaignSave', {
      headers: { token },
      data: {
        kind,
        title: names(title),
        terms_text: names(`${title}: terms in plain words`),
        terms,
        starts_at: Math.floor(Date.now() / 1000),
        enabled: true,
      },
    })
  ).json();
  expect(res.code, JSON.stringify(res)).toBe(1);
}

/** The live first-deposit campaign, made once (campaigns of one kind do not overlap). */
async function liveBonusCampaign(request: APIRequestContext) {
  const token = await operatorToken(request);
  const list = (await (await request.post('/api/admin/campaignList', { headers: { token }, data: {} })).json()).data as { kind: string; live: boolean }[];
  if (!list.some((c) => c.kind === 'first_deposit' && c.live)) {
    await createCampaign(request, 'first_deposit', 'Welcome bonus', { percent: 10, cap: 100_000, wager_multiple: 1 });
  }
}

async function beginnerRoom(request: APIRequestContext): Promise<number> {
  const hall = (await (await request.post('/api/Lottery/index', { data: { game_id: 7 } })).json()).data as {
    gameList: { planList: { id: number; type: number }[] }[];
  };
  return hall.gameList[0]!.planList.find((p) => p.type === 0)!.id;
}

test('a first-deposit bonus: deposit, claim, bet until the requirement is met, move it to the balance; a check-in', async ({ page, request }) => {
  test.setTimeout(240_000);
  await createCampaign(request, 'first_deposit', 'Welcome bonus', { percent: 10, cap: 100_000, wager_multiple: 1 });
  await createCampaign(request, 'check_in', 'Daily check-in', { rewards: [100, 200, 300, 400, 500, 600, 1000] });
  const member = await newMember(request, 'rw');
  await fund(request, member, '100');

  await openAs(page, member, 'en', '/actionCenter');
  const bonus = page.getByTestId('reward-first_deposit');
  await expect(bonus).toHaveAttribute('data-state', 'available');
  await expect(bonus).toContainText('10 % of your first deposit');
  await bonus.getByTestId('reward-claim').click();
  await expect(bonus).toHaveAttribute('data-state', 'in_progress');
  await expect(bonus.getByTestId('bonus-amount')).toHaveText('Bonus 10.00 u');
  await expect(bonus.getByTestId('bonus-progress')).toHaveText('Money at risk 0.00 / 10.00 u');

  // The check-in: day 1 of the strip.
  const checkIn = page.getByTestId('reward-check_in');
  await checkIn.getByTestId('reward-claim').click();
  await expect(checkIn).toHaveAttribute('data-state', 'claimed');
  await expect(checkIn.getByTestId('checkin-day-1')).toHaveAttribute('data-done', 'true');
  await expect(checkIn.getByTestId('checkin-day-2')).toHaveAttribute('data-done', 'false');

  // Bets of 10.00 until one is settled: the requirement (10.00) is met.
  const planId = await beginnerRoom(request);
  await placeBet(request, member, { planId, gameId: 7, playType: '1', money: '10' });
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('reward-first_deposit')).toHaveAttribute('data-state', 'available', { timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [3_000] });
  await expect(bonus.getByTestId('bonus-progress')).toHaveText(/Money at risk (1\d|\d\d)\.00 \/ 10\.00 u/);
  await bonus.getByTestId('reward-claim').click();
  await expect(bonus).toHaveAttribute('data-state', 'claimed');
  await expect(bonus.getByTestId('bonus-released')).toHaveText(/Moved to your balance: \d+\.\d\d u/);

  // The fund details show each reward with its campaign.
  await page.goto('/capitalDetail');
  await expect(page.getByTestId('ledger-campaign').first()).toBeVisible();
});

test('a bonus forfeited from its card: the rule on the card, what is lost said before confirming, then the fund details', async ({ page, request }) => {
  await liveBonusCampaign(request);
  const member = await newMember(request, 'rf');
  await fund(request, member, '100');
  await openAs(page, member, 'en', '/actionCenter');
  const bonus = page.getByTestId('reward-first_deposit');
  await bonus.getByTestId('reward-claim').click();
  await expect(bonus).toHaveAttribute('data-state', 'in_progress');
  const amount = (await bonus.getByTestId('bonus-amount').textContent())!.replace(/^Bonus (\d+\.\d\d) u$/, '$1');
  await expect(bonus.getByTestId('bonus-forfeit-rule')).toContainText('You can forfeit the bonus instead');

  await bonus.getByTestId('bonus-forfeit').click();
  const confirm = page.getByTestId('bonus-forfeit-confirm');
  await expect(confirm).toContainText(`${amount} u left of the bonus in stored funds`);
  await expect(confirm).toContainText(`You lose ${amount} u in all, and the wagering done so far.`);
  await expect(confirm).toContainText('This cannot be undone.');
  await page.getByRole('button', { name: `Forfeit ${amount} u` }).click();
  await expect(bonus).toHaveAttribute('data-state', 'expired');
  await expect(bonus.getByTestId('bonus-forfeited')).toHaveText(`Forfeited: ${amount} u given up`);

  await page.goto('/capitalDetail?type=10');
  const row = page.getByTestId('ledger-row').first();
  await expect(row).toHaveAttribute('data-type', '10');
  await expect(row).toContainText('Bonus forfeited');
  await expect(row).toContainText(`-${amount}`);
});
