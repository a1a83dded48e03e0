import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { loadRewardsTexts } from '../../../i18n/rewardsTexts';
import { fakeApi, ok, screenAt } from '../../../test/render';
import type { RewardCard } from '../api/rewards';
import { RewardCards } from './RewardCards';

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
