import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { loadReferralTexts } from '../../../i18n/referralTexts';
import { useSession } from '../../../lib/session';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { TeamScreen } from './TeamScreen';

const team = {
  inviter_id: 5,
  settings: { enabled: true, rate1: '10.00', rate2: '5.00', level2: true, min_payout: '1.00' },
  totals: { paid: '0.00', held: '0.00', pending: '0.00' },
  counts: { level1: 1, level2: 0 },
  // 17:30 UTC on 26 November: already the 27th in Shanghai, still the 26th in Los Angeles (and in UTC).
  invitees: [{ level: 1, name: 'a***e', joined: Date.UTC(2026, 10, 26, 17, 30) / 1000, active_week: true }],
  days: [],
};

describe("the team page's dates, with the device in another zone than the operator", () => {
  const deviceZone = process.env.TZ;
  beforeAll(async () => {
    process.env.TZ = 'America/Los_Angeles';
    await loadReferralTexts();
  });
  afterAll(() => {
    process.env.TZ = deviceZone;
  });
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 5, group_id: 1 }, { remember: false }));

  it("show when an invitee joined as the operator's date, labelled with its offset", async () => {
    const api = fakeApi({
      '/api/user/referralTeam': () => ok(team),
      '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 60, close_before_seconds: 10, time_zone: 'Asia/Shanghai' }),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/team', <TeamScreen />);
    expect(await screen.findByText('Joined 2026-11-27 UTC+08:00')).toBeTruthy();
    expect(screen.queryByText(/2026-11-26/)).toBeNull();
  });

  it('say which count is level 1 (friends invited) and which level 2 (friends of friends)', async () => {
    const api = fakeApi({
      '/api/user/referralTeam': () => ok({ ...team, counts: { level1: 3, level2: 1 } }),
      '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 60, close_before_seconds: 10, time_zone: 'Asia/Shanghai' }),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/team', <TeamScreen />);
    expect((await screen.findByTestId('team-counts')).textContent).toBe('Invitees — level 1: 3 · level 2: 1');
    expect(screen.queryByText(/\(3 \/ 1\)/)).toBeNull();
  });
});
