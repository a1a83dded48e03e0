import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderScreen } from '../../../test/render';
import { ProtectionStatus } from './ProtectionStatus';

describe("the user page's player protection", () => {
  it('shows a self-exclusion with its end, the limits with a waiting raise, and no way to lift it', () => {
    const until = 1_800_000_000;
    renderScreen(
      <ProtectionStatus
        status={{
          exclusion: { kind: 'self_exclusion', until, since: until - 86_400 },
          limits: [
            { kind: 'loss', period: 'day', amount: '50.00', pending_amount: '100.00', pending_from: until - 3600 },
            { kind: 'session', period: 'session', amount: '60', pending_amount: null, pending_from: null },
          ],
          reality_check: 30,
        }}
      />,
    );
    expect(screen.getByText('Self-exclusion')).toBeTruthy();
    expect(screen.getByText(`until ${dayjs.unix(until).format('YYYY-MM-DD HH:mm:ss')}`)).toBeTruthy();
    expect(screen.getByText('Ends only when it expires; it cannot be lifted.')).toBeTruthy();
    expect(screen.getByTestId('user-protection').textContent).toContain('Loss limit · day: 50.00 u');
    expect(screen.getByTestId('user-protection').textContent).toContain('100.00 u from');
    expect(screen.getByTestId('user-protection').textContent).toContain('Session time limit · per session: 60 min');
    expect(screen.getByText('Reality check every 30 min')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when there is no exclusion', () => {
    renderScreen(<ProtectionStatus status={{ exclusion: null, limits: [], reality_check: 60 }} />);
    expect(screen.getByText('No time-out or self-exclusion')).toBeTruthy();
  });
});
