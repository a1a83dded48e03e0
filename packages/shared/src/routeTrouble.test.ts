import { describe, expect, it, vi } from 'vitest';
import { incidentOf, newIncidentId, reloadOnce, troubleOf } from './routeTrouble.js';

describe('troubleOf', () => {
  const never = () => false;

  it('is "offline" when the browser is offline or the app finds the error unreachable', () => {
    expect(troubleOf(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), false, never)).toBe('offline');
    const unreachable = new Error('no server');
    expect(troubleOf(unreachable, true, (e) => e === unreachable)).toBe('offline');
  });

  it('is "update" online when a page\'s code did not load (Chromium, Firefox, Safari, Vite, webpack wording)', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/Page-abc.js',
      'error loading dynamically imported module',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/page-abc.css',
      'Loading chunk 12 failed.',
    ]) {
      expect(troubleOf(new TypeError(message), true, never), message).toBe('update');
    }
  });

  it('is "error" for anything else', () => {
    expect(troubleOf(new Error('x is undefined'), true, never)).toBe('error');
    expect(troubleOf('Failed to fetch dynamically imported module', true, never)).toBe('error');
  });
});

describe('reloadOnce', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  };

  it("reloads once per address a minute, remembered under the app's key", () => {
    const s = storage();
    const reload = vi.fn();
    expect(reloadOnce('k', s, 'http://x/a', 1_000, reload)).toBe(true);
    expect(s.items.get('k')).toBe('1000 http://x/a');
    expect(reloadOnce('k', s, 'http://x/a', 60_999, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce('other', s, 'http://x/a', 2_000, reload)).toBe(true);
    expect(reloadOnce('k', s, 'http://x/b', 3_000, reload)).toBe(true);
    expect(reloadOnce('k', s, 'http://x/b', 63_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(4);
  });
});

describe('incidentOf', () => {
  const make = () => 'C-NEW';

  it("is the error's own request id, else the last failed call's, else an id made on the device", () => {
    expect(incidentOf('req-own', 'req-last', make)).toEqual({ id: 'req-own', fromServer: true });
    expect(incidentOf(undefined, 'req-last', make)).toEqual({ id: 'req-last', fromServer: true });
    expect(incidentOf(undefined, undefined, make)).toEqual({ id: 'C-NEW', fromServer: false });
  });

  it('makes device ids that say so ("C-"), differ from each other and carry the time', () => {
    expect(newIncidentId(1_790_000_000_000, () => 0)).toBe(`C-${(1_790_000_000_000).toString(36).toUpperCase()}-0000`);
    expect(newIncidentId(1_790_000_000_000, () => 0.5)).not.toBe(newIncidentId(1_790_000_000_000, () => 0.25));
    expect(newIncidentId(Date.now())).toMatch(/^C-[0-9A-Z]+-[0-9A-Z]{4}$/);
  });
});
