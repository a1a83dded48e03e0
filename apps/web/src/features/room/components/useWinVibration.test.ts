import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../../lib/preferences';
import type { RoundSummary } from '../model/roundResult';
import { WIN_VIBRATION_MS, vibrateForWin } from '../model/winVibration';
import { useWinVibration } from './useWinVibration';

const summary = (issue: string, outcome: 'win' | 'lose'): RoundSummary => ({
  issue,
  bets: 1,
  won: outcome === 'win' ? 1 : 0,
  profit: outcome === 'win' ? '10.00' : '-10.00',
  outcome,
});

describe('profit vibration', () => {
  const vibrate = vi.fn(() => true);
  beforeEach(() => {
    vibrate.mockClear();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true, writable: true });
    usePreferences.getState().setProfitVibration(true);
  });
  afterEach(() => {
    delete (navigator as { vibrate?: unknown }).vibrate;
    usePreferences.getState().setProfitVibration(false);
  });

  const watch = (lastDrawn: string | null) =>
    renderHook(({ s, last }: { s: RoundSummary | null; last: string | null | undefined }) => useWinVibration(s, last), {
      initialProps: { s: null as RoundSummary | null, last: lastDrawn as string | null | undefined },
    });

  it('vibrates once, briefly, when a round won is drawn while the player watches', () => {
    const hook = watch('20250101001');
    hook.rerender({ s: summary('20250101002', 'win'), last: '20250101002' });
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(vibrate).toHaveBeenCalledWith(WIN_VIBRATION_MS);
    hook.rerender({ s: { ...summary('20250101002', 'win') }, last: '20250101002' });
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('stays still for a loss, for a win already drawn when the room was entered, and with the switch off', () => {
    const hook = watch('20250101005');
    hook.rerender({ s: summary('20250101005', 'win'), last: '20250101005' });
    hook.rerender({ s: summary('20250101006', 'lose'), last: '20250101006' });
    expect(vibrate).not.toHaveBeenCalled();
    usePreferences.getState().setProfitVibration(false);
    hook.rerender({ s: summary('20250101007', 'win'), last: '20250101007' });
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('waits for the first heartbeat before judging what is new', () => {
    const hook = watch(null);
    hook.rerender({ s: summary('20250101001', 'win'), last: '20250101001' });
    expect(vibrate).toHaveBeenCalledTimes(1);
    const later = renderHook(({ s, last }: { s: RoundSummary | null; last: string | null | undefined }) => useWinVibration(s, last), {
      initialProps: { s: null as RoundSummary | null, last: undefined as string | null | undefined },
    });
    later.rerender({ s: summary('20250101003', 'win'), last: undefined });
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a device without vibration', () => {
    delete (navigator as { vibrate?: unknown }).vibrate;
    expect(vibrateForWin(navigator)).toBe(false);
    expect(vibrateForWin(undefined)).toBe(false);
  });
});
