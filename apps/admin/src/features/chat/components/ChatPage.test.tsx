import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { ChatPage } from './ChatPage';

const ROOM = {
  plan_id: 3,
  game_id: 7,
  title: 'Beginner',
  enabled: true,
  muted: false,
  slow_mode_seconds: 0,
  gate_settled_bet: false,
  gate_account_hours: 0,
  pinned: null,
  open_reports: 1,
};
const MESSAGE = {
  id: 41,
  plan_id: 3,
  kind: 'player',
  user_id: 9,
  username: 'spammer',
  nickname: 's***r',
  text: 'join lucky888',
  shadow: false,
  removed: false,
  createtime: 1_700_000_000,
};
const handlers = () => ({
  me: () => ok({ id: 1, username: 'mod', role: 'moderator' }),
  chatRooms: () => ok({ list: [ROOM] }),
  chatMessages: () => ok({ plan_id: 3, list: [MESSAGE], has_more: false, cleared_through: 0 }),
  chatRemove: () => ok(null),
  chatMute: () => ok(null),
  chatRoomUpdate: () => ok(null),
  chatPin: () => ok(null),
  chatReports: () => ok({ list: [{ id: 5, message: MESSAGE, reporter: 'alice', reports: 2, createtime: 1_700_000_100, resolution: null, resolved_by: null }] }),
  chatReportResolve: () => ok(null),
  chatMutes: () =>
    ok({ list: [{ id: 2, user_id: 9, username: 'spammer', until: 1_700_003_600, reason: 'spam', shadow: true, by: 'mod', createtime: 1_700_000_000 }] }),
  chatUnmute: () => ok(null),
  chatFilter: () => ok({ words: ['spam'], links_allowed: false, allowed_domains: [] }),
  chatFilterUpdate: () => ok(null),
});

beforeEach(() => session.set('op-token'));

async function openRoom() {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Room' }));
  await userEvent.click(await screen.findByText('Beginner (#3)'));
  return screen.findByText('join lucky888');
}

describe('the chat moderation page', () => {
  it('shows a room live, removes a message after confirming, and mutes its author for a time with a reason', async () => {
    const { calls } = fakeServer(handlers());
    renderScreen(<ChatPage />);
    await openRoom();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'chatRemove')?.body).toMatchObject({ message_id: 41 }));

    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Duration (minutes)'), { target: { value: '120' } });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'recruiting');
    await userEvent.click(within(dialog).getByRole('switch'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'chatMute')?.body).toMatchObject({ user_id: 9, minutes: 120, reason: 'recruiting', shadow: true }));
  }, 90_000);

  it("saves a room's settings and pins an announcement", async () => {
    const { calls } = fakeServer(handlers());
    renderScreen(<ChatPage />);
    await openRoom();
    await userEvent.click(screen.getByRole('switch', { name: 'Mute the room' }));
    fireEvent.change(screen.getByLabelText('Slow mode (seconds, 0 for off)'), { target: { value: '30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'chatRoomUpdate')?.body).toMatchObject({
        plan_id: 3,
        enabled: true,
        muted: true,
        slow_mode_seconds: 30,
        gate_settled_bet: false,
      }),
    );
    await userEvent.type(screen.getByLabelText('Pinned announcement'), 'Be kind');
    await userEvent.click(screen.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'chatPin')?.body).toMatchObject({ plan_id: 3, text: 'Be kind' }));
  }, 90_000);

  it('resolves a report, lifts a mute shown with its end time, and saves the word list', async () => {
    const { calls } = fakeServer(handlers());
    renderScreen(<ChatPage />);
    await userEvent.click(await screen.findByRole('tab', { name: /Reports/ }));
    expect(await screen.findByText('alice (2 in all)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'chatReportResolve')?.body).toMatchObject({ report_id: 5, action: 'dismiss' }));

    await userEvent.click(screen.getByRole('tab', { name: 'Mutes' }));
    const row = (await screen.findByText('spam')).closest('tr')!;
    expect(within(row).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Lift' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'chatUnmute')?.body).toMatchObject({ user_id: 9 }));

    await userEvent.click(screen.getByRole('tab', { name: 'Words and links' }));
    const words = await screen.findByLabelText('Refused words (one per line)');
    await waitFor(() => expect((words as HTMLTextAreaElement).value).toBe('spam'));
    fireEvent.change(words, { target: { value: 'spam\n代理' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'chatFilterUpdate')?.body).toMatchObject({ words: 'spam\n代理', links_allowed: false }));
  }, 90_000);
});
