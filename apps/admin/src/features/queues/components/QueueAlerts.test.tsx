import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { queueCountsQuery } from '../../../lib/queueCounts';
import { QueueAlerts } from './QueueAlerts';

/** jsdom has no Notification: a stand-in that records what is shown and answers the permission asked. */
function stubNotification(answer: NotificationPermission) {
  const shown: { title: string; body?: string }[] = [];
  const Stub = class {
    static permission: NotificationPermission = 'default';
    static requestPermission = vi.fn(async () => {
      Stub.permission = answer;
      return answer;
    });
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  };
  vi.stubGlobal('Notification', Stub);
  return { shown, Stub };
}

/** jsdom has no Web Audio: a stand-in context that counts the notes started. */
function stubAudio() {
  const notes: number[] = [];
  const param = { value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
  const node = () => ({ connect: (next: unknown) => next });
  vi.stubGlobal(
    'AudioContext',
    class {
      currentTime = 0;
      destination = {};
      createGain = () => ({ ...node(), gain: param });
      createOscillator = () => {
        const osc = { ...node(), type: '', frequency: { value: 0 }, onended: null, start: () => notes.push(osc.frequency.value), stop: vi.fn() };
        return osc;
      };
      close = vi.fn(async () => undefined);
    },
  );
  return notes;
}

/** The console's header switches over a server whose pending counts are `counts` at each reading. */
function showAlerts(counts: { deposits: number | null; withdrawals: number | null; real_names: number | null }) {
  fakeServer({ queueCounts: () => ok(counts) });
  const view = renderScreen(<QueueAlerts />);
  /** Reads the counts again, as the 10-second poll does. */
  const poll = async () => view.queryClient.refetchQueries({ queryKey: queueCountsQuery.queryKey });
  return { ...view, poll };
}

describe('announcing new deposits and withdrawals', () => {
  it('chimes and notifies on the desktop once a count rises, only while switched on, and remembers the switches', async () => {
    const notes = stubAudio();
    const { shown, Stub } = stubNotification('granted');
    const counts = { deposits: 1, withdrawals: 0, real_names: 4 };
    const { poll, unmount } = showAlerts(counts);
    await userEvent.click(await screen.findByRole('switch', { name: 'Sound' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Desktop notifications' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Desktop notifications' }).getAttribute('aria-checked')).toBe('true'));
    expect(Stub.requestPermission).toHaveBeenCalledTimes(1);
    // The first reading and one that did not rise announce nothing.
    await poll();
    expect([notes, shown]).toEqual([[], []]);

    Object.assign(counts, { deposits: 3, withdrawals: 1, real_names: 9 });
    await poll();
    await waitFor(() => expect(shown).toEqual([{ title: 'Lucky28 Console', body: 'New deposit requests: 2\nNew withdrawal requests: 1' }]));
    expect(notes).toEqual([880, 660]);

    // Decided requests (a fall) announce nothing.
    Object.assign(counts, { deposits: 0, withdrawals: 0 });
    await poll();
    expect(shown).toHaveLength(1);

    // Remembered in this browser: shown again, both are on.
    unmount();
    showAlerts(counts);
    expect((await screen.findByRole('switch', { name: 'Sound' })).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Desktop notifications' }).getAttribute('aria-checked')).toBe('true');
  });

  it('stays silent while switched off', async () => {
    const notes = stubAudio();
    const { shown } = stubNotification('granted');
    const counts = { deposits: 0, withdrawals: 0, real_names: 0 };
    const { poll } = showAlerts(counts);
    expect((await screen.findByRole('switch', { name: 'Sound' })).getAttribute('aria-checked')).toBe('false');
    await poll();
    Object.assign(counts, { deposits: 2, withdrawals: 2 });
    await poll();
    expect([notes, shown]).toEqual([[], []]);
  });

  it('keeps desktop notifications off, saying why, when the browser refuses them', async () => {
    const { Stub } = stubNotification('denied');
    showAlerts({ deposits: 0, withdrawals: 0, real_names: 0 });
    await userEvent.click(await screen.findByRole('switch', { name: 'Desktop notifications' }));
    expect(await screen.findByText('The browser does not allow notifications for this console')).toBeTruthy();
    expect(Stub.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('switch', { name: 'Desktop notifications' }).getAttribute('aria-checked')).toBe('false');
    expect(localStorage.getItem('lucky28.console.alerts.desktop')).toBeNull();
  });
});
