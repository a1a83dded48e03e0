import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRewardsTexts } from '../../../i18n/rewardsTexts';
import { screenAt } from '../../../test/render';
import type { RewardCard } from '../api/rewards';
import { RewardCardView } from './RewardCards';

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
  bonus: { percent: 50, cap: '100.00', wager_multiple: 3, amount: null, staked: '0.00', required: '0.00', released: null, expired_reason: null, ...bonus },
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
    expect(screen.queryByTestId('bonus-expired-reason')).toBeNull();
  });
});
