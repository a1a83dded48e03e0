/** The room's chat under moderation (docs/chat.md#moderation): the notices instead of the input, the pinned announcement, removed messages and reports. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fail, fakeApi, ok, screenAt } from '../../../test/render';
import { chatMessage, chatPage as page, roomHeart, roomState } from '../test/roomData';
import { BetRoomScreen } from './BetRoomScreen';

const ROOM = roomState();
const chatPage = (patch: Parameters<typeof page>[1] = {}) => ok(page([chatMessage(1), chatMessage(2, { removed: true, text: '' })], patch));

function open(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    '/api/Lottery/heart': () => ok(roomHeart()),
    '/api/Lottery/oddsList': () => ok({ plan_id: 1, game_id: 7, rule_base: [], rule_num: [] }),
    '/api/Lottery/issueList': () => ok([]),
    '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 60, close_before_seconds: 10, time_zone: 'Asia/Shanghai' }),
    ...handlers,
  });
  configureApiClient({ fetch: api.fetch });
  screenAt('/betRoom', <BetRoomScreen />, '/betRoom?id=1&game_id=7');
  return api;
}

describe('the room chat under moderation', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 5 }, { remember: false }));

  it('shows a removed message as removed by the operator, and the pinned announcement at the top', async () => {
    open({ '/api/chat/list': () => chatPage({ room: { ...ROOM, pinned: { text: 'Be kind <b>all</b>', createtime: 5 } } }) });
    expect(await screen.findByText('hello 1')).toBeTruthy();
    const removed = screen.getAllByTestId('chat-message').find((r) => r.getAttribute('data-removed') === 'true')!;
    expect(within(removed).getByText('Removed by the operator')).toBeTruthy();
    expect(within(removed).queryByTestId('chat-report')).toBeNull();
    expect(screen.getByTestId('chat-pinned').textContent).toBe('PinnedBe kind <b>all</b>');
  });

  it('shows the chat-banned notice instead of the input while the room’s chat is off or muted', async () => {
    open({ '/api/chat/list': () => chatPage({ room: { ...ROOM, muted: true } }) });
    expect((await screen.findByTestId('chat-blocked')).textContent).toBe('The system has banned chat, please choose to buy');
    expect(screen.queryByTestId('chat-input')).toBeNull();
  });

  it('shows a muted player until when (in the operator’s zone) and why', async () => {
    // 2025-01-01 12:30 in Shanghai.
    open({ '/api/chat/list': () => chatPage({ my_mute: { until: 1_735_705_800, reason: 'spam' } }) });
    expect((await screen.findByTestId('chat-blocked')).textContent).toBe('You are banned from chatting until 2025-01-01 12:30 (spam)');
  });

  it('a refused post reads the room again, so the notice follows the refusal', async () => {
    let banned = false;
    const api = open({
      '/api/chat/list': () => chatPage(banned ? { room: { ...ROOM, enabled: false } } : {}),
      '/api/chat/post': () => {
        banned = true;
        return fail('The system has banned chat, please choose to buy');
      },
    });
    await userEvent.type(await screen.findByTestId('chat-input'), 'hello');
    await userEvent.click(screen.getByTestId('chat-send'));
    expect((await screen.findByTestId('chat-blocked')).textContent).toBe('The system has banned chat, please choose to buy');
    expect(api.calls.filter((c) => c.path === '/api/chat/list').length).toBeGreaterThanOrEqual(2);
  });

  it('reports another player’s message and says the server’s thanks', async () => {
    const api = open({ '/api/chat/list': () => chatPage(), '/api/chat/report': () => ok(null, 'Reported, thank you') });
    const row = (await screen.findByText('hello 1')).closest('[data-testid="chat-message"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: "Report d***d's message" }));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/chat/report')?.body).toMatchObject({ message_id: 1 }));
    expect(await screen.findByText('Reported, thank you')).toBeTruthy();
  });
});
