import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/client';
import { reloadOnce, troubleOf } from './RouteError';

describe('troubleOf', () => {
  it('is "offline" whenever the browser is offline, or the API could not be reached', () => {
    expect(troubleOf(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), false)).toBe('offline');
    expect(troubleOf(new ApiError('Network error', 'network'), true)).toBe('offline');
    expect(troubleOf(new ApiError('timed out', 'timeout'), true)).toBe('offline');
  });

  it('is "update" online when a screen\'s code did not load (Chromium, Firefox, Safari, Vite wording)', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/BetRoomScreen-abc.js',
      'error loading dynamically imported module',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/room-abc.css',
    ]) {
      expect(troubleOf(new TypeError(message), true), message).toBe('update');
    }
  });

  it('is "error" for anything else', () => {
    expect(troubleOf(new Error('x is undefined'), true)).toBe('error');
    expect(troubleOf(new ApiError('Server error', 'http', null, 500, undefined, 'req-1'), true)).toBe('error');
    expect(troubleOf('thrown string', true)).toBe('error');
  });
});

describe('reloadOnce', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  };

  it('reloads once per address a minute, so a release that stays broken cannot loop', () => {
    const s = storage();
    const reload = vi.fn();
    expect(reloadOnce(s, 'http://x/betRoom?id=1', 1_000, reload)).toBe(true);
    expect(reloadOnce(s, 'http://x/betRoom?id=1', 30_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Another screen, or the same one a minute later, may reload again.
    expect(reloadOnce(s, 'http://x/withdraw', 31_000, reload)).toBe(true);
    expect(reloadOnce(s, 'http://x/withdraw', 92_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
