import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { loadRewardsTexts } from '../../../i18n/rewardsTexts';
import { fakeApi, ok, screenAt } from '../../../test/render';
import type { RewardCard } from '../api/rewards';
import { RewardCards, RewardCardView } from './RewardCards';

const bonusCard = (over: Partial<RewardCard>, bonus: Partial<NonNullable<RewardCard['bonus']>> = {}): RewardCard => ({
  id: 1,
  kind: 'first_deposit',
  title: 'First-deposit bonus',
  terms_text: 'Terms',
  banner: '',
  ends_at: null,
  state: 'waiting',
  claimable: '0.00',
  rakeback: null,
  bonus: {
    percent: 50,
    cap: '100.00',
    wager_multiple: 3,
    amount: null,
    staked: '0.00',
    required: '0.00',
    released: null,
    expired_reason: null,
    forfeited: null,
    forfeit: null,
    ...bonus,
  },
  check_in: null,
  ...over,
});

beforeAll(() => loadRewardsTexts());

describe('RewardCardView (first-deposit bonus)', () => {
  it('an expired bonus says it is no longer offered because of a withdrawal after the first deposit, and cannot be claimed', () => {
    screenAt('/actionCenter', <RewardCardView card={bonusCard({ state: 'expired' }, { expired_reason: 'withdrawal' })} />);
    expect(screen.getByTestId('bonus-expired-reason').textContent).toBe(
      'No longer offered: a withdrawal was made after your first deposit (the bonus is for play on a deposit that stays in)',
    );
    expect(screen.getByTestId('reward-first_deposit').getAttribute('data-state')).toBe('expired');
    expect((screen.getByTestId('reward-claim') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a bonus waiting for the first deposit shows no such reason', () => {
    screenAt('/actionCenter', <RewardCardView card={bonusCard({})} />);
    expect(screen.getByText('Make your first deposit to get the bonus')).toBeTruthy();
    expect(screen.getByTestId('bonus-terms').textContent).toBe(
      '50 % of your first deposit, up to 100.00 u, to stored funds; staked 3× before it moves to your balance',
    );
    expect(screen.queryByTestId('bonus-expired-reason')).toBeNull();
  });

  it("a granted bonus shows the grant's own terms, not the campaign's offer (which an operator may have edited since)", () => {
    const granted = bonusCard(
      { state: 'in_progress' },
      { percent: 80, cap: '500.00', wager_multiple: 3, amount: '50.00', staked: '30.00', required: '150.00' },
    );
    screenAt('/actionCenter', <RewardCardView card={granted} />);
    expect(screen.getByTestId('bonus-terms').textContent).toBe('Granted to stored funds on your first deposit; staked 3× before it moves to your balance');
    expect(screen.getByTestId('bonus-amount').textContent).toBe('Bonus 50.00 u');
    expect(screen.getByTestId('bonus-progress').textContent).toBe('Money at risk 30.00 / 150.00 u');
    expect(screen.queryByText(/80 %|500\.00/)).toBeNull();
  });
});

describe('forfeiting a bonus being wagered', () => {
  const wagering = (forfeit: Partial<NonNullable<NonNullable<RewardCard['bonus']>['forfeit']>> = {}) =>
    bonusCard(
      { state: 'in_progress' },
      { amount: '50.00', staked: '140.00', required: '150.00', forfeit: { left: '10.00', won: '80.00', total: '90.00', open_bets: false, ...forfeit } },
    );

  it('shows the rule on the card, says what is lost and that it cannot be undone before confirming, then forfeits exactly that amount once', async () => {
    const api = fakeApi({
      '/api/rewards/forfeit': () =>
        ok({ id: 1, card: bonusCard({ state: 'expired' }), forfeited: '90.00', over: '0.00' }, 'Bonus forfeited: you can withdraw now'),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/actionCenter', <RewardCardView card={wagering()} />);
    expect(screen.getByTestId('bonus-forfeit-rule').textContent).toBe(
      'Withdrawals wait until the wagering is done. You can forfeit the bonus instead: what is left of it in stored funds and what bets paid with it won are taken back, and you can withdraw at once.',
    );
    // Kept: nothing is sent.
    fireEvent.click(screen.getByTestId('bonus-forfeit'));
    expect((await screen.findByTestId('bonus-forfeit-confirm')).textContent).toBe(
      '10.00 u left of the bonus in stored funds' +
        '80.00 u won by bets paid with the bonus (from your balance)' +
        'You lose 90.00 u in all, and the wagering done so far.' +
        'This cannot be undone.',
    );
    fireEvent.click(screen.getByText('Keep the bonus'));
    // The dialog's closing animation and its history entry's removal take a little over a second here.
    await waitFor(() => expect(screen.queryByTestId('bonus-forfeit-confirm')).toBeNull(), { timeout: 5000 });
    expect(api.calls.filter((c) => c.path === '/api/rewards/forfeit')).toHaveLength(0);
    // Confirmed: the amount shown, under an Idempotency-Key.
    fireEvent.click(screen.getByTestId('bonus-forfeit'));
    fireEvent.click(await screen.findByText('Forfeit 90.00 u'));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/rewards/forfeit')).toHaveLength(1));
    const sent = api.calls.find((c) => c.path === '/api/rewards/forfeit')!;
    expect(sent.body).toMatchObject({ campaign_id: 1, amount: '90.00' });
    expect(sent.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(await screen.findByText('Bonus forfeited: you can withdraw now')).toBeTruthy();
  });

  it('waits while a bet paid with the bonus awaits its draw; says what a forfeited bonus gave up; nothing to forfeit once released', () => {
    const { unmount } = screenAt('/actionCenter', <RewardCardView card={wagering({ won: '0.00', total: '10.00', open_bets: true })} />);
    expect(screen.getByText('A bet paid with the bonus is waiting for its draw: you can forfeit once it is settled')).toBeTruthy();
    expect((screen.getByTestId('bonus-forfeit') as HTMLButtonElement).disabled).toBe(true);
    unmount();
    const over = screenAt(
      '/actionCenter',
      <RewardCardView card={bonusCard({ state: 'expired' }, { amount: '50.00', expired_reason: 'forfeited', forfeited: '90.00' })} />,
    );
    expect(screen.getByTestId('bonus-forfeited').textContent).toBe('Forfeited: 90.00 u given up');
    expect(screen.queryByTestId('bonus-forfeit')).toBeNull();
    over.unmount();
    screenAt('/actionCenter', <RewardCardView card={bonusCard({ state: 'claimed' }, { amount: '50.00', released: '50.00' })} />);
    expect(screen.queryByTestId('bonus-forfeit')).toBeNull();
  });

  it('opted out of promotions, the bonus being wagered is still shown under the note, to be forfeited', () => {
    screenAt('/actionCenter', <RewardCards data={{ opt_out: true, limit_resets: null, list: [wagering()] }} />);
    expect(screen.getByText('You opted out of promotions. You can opt back in under Responsible play.')).toBeTruthy();
    expect(screen.getByTestId('reward-first_deposit')).toBeTruthy();
    expect(screen.getByTestId('bonus-forfeit')).toBeTruthy();
  });
});

describe('a live campaign with nothing for the player yet', () => {
  it('a rakeback says nothing has accrued yet, not that it has not started', () => {
    const rakeback: RewardCard = {
      ...bonusCard({}),
      kind: 'rakeback',
      title: 'Rakeback',
      bonus: null,
      rakeback: { tier: null, tiers: [{ name: 'Bronze', min_stake: '0.00', rate_bp: 2000 }], stakes_30d: '0.00', today: '0.00', days: [] },
    };
    screenAt('/actionCenter', <RewardCardView card={rakeback} />);
    expect(screen.getByTestId('reward-state').textContent).toBe('Nothing accrued yet');
    expect(screen.queryByText('Not yet')).toBeNull();
  });

  it('a first-deposit bonus says it awaits the first deposit', () => {
    screenAt('/actionCenter', <RewardCardView card={bonusCard({})} />);
    expect(screen.getByTestId('reward-state').textContent).toBe('Awaiting your first deposit');
  });
});

const card: RewardCard = {
  id: 3,
  kind: 'check_in',
  title: 'Daily check-in',
  terms_text: 'Check in every day',
  banner: '',
  // 16:00 UTC on 31 December: midnight of 1 January in Shanghai, 08:00 on 31 December in Los Angeles.
  ends_at: Date.UTC(2026, 11, 31, 16, 0) / 1000,
  state: 'waiting',
  claimable: '0.00',
  rakeback: null,
  bonus: null,
  check_in: { rewards: ['1.00', '1.00', '1.00', '1.00', '1.00', '1.00', '2.00'], streak: 0, today_done: false, next_day: 1 },
};

describe("a campaign card's end, with the device in another zone than the operator", () => {
  const deviceZone = process.env.TZ;
  beforeAll(async () => {
    process.env.TZ = 'America/Los_Angeles';
    await loadRewardsTexts();
  });
  afterAll(() => {
    process.env.TZ = deviceZone;
  });

  it("is the operator's date and time, labelled with its offset", async () => {
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(480);
    const api = fakeApi({
      '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 60, close_before_seconds: 10, time_zone: 'Asia/Shanghai' }),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/actionCenter', <RewardCards data={{ opt_out: false, limit_resets: null, list: [card] }} />);
    expect(await screen.findByText('Ends 2027-01-01 00:00 UTC+08:00')).toBeTruthy();
    expect(screen.getByTestId('reward-ends').textContent).not.toContain('2026-12-31');
  });
});
