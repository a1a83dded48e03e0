import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@lucky28/shared/schemas';
import { configureApiClient } from '../../../lib/api';
import { usePreferences } from '../../../lib/preferences';
import { storageKeys } from '../../../lib/storage';
import { useSession } from '../../../lib/session';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { chatMessage, chatPage, ISSUE, roomHeart } from '../test/roomData';
import { BetRoomScreen } from './BetRoomScreen';

/** Bet by message in the room (docs/chat.md#bet-by-message): the input's bets, commands and refusals, and bet messages. */
const heart = (message: unknown[] = []) => roomHeart({ message });

const odds = (cls: number, name: string) => ({ class: cls, class_name: name, odds: '2.00', odds_special: '1.60', min: '10.00', max: '5000.00', rtp: '97.00' });

const betMessage = (id: number, issue: string, orders: [number, string][]): ChatMessage =>
  chatMessage(id, {
    kind: 'bet',
    nickname: 'k***y',
    text: 'summary',
    createtime: 7,
    bet: {
      game_id: 7,
      issue,
      quantity: '50.00',
      orders: orders.map(([play_type, quantity], i) => ({ order_no: `17000000000000${id}${i}`, play_type, quantity })),
    },
  });

function open(chat: ChatMessage[] = [], feed: unknown[] = []) {
  // Like the server: the heartbeat reports the caller's balance after a bet.
  let balance = '100.00';
  const api = fakeApi({
    '/api/chat/list': () => ok(chatPage(chat)),
    '/api/chat/post': (body) => ok(chatMessage(99, { nickname: 'm***e', text: String(body.text), mine: true, createtime: 9 })),
    '/api/Lottery/heart': () => ok({ ...heart(feed), user_quantity: balance }),
    '/api/Lottery/oddsList': () => ok({ plan_id: 1, game_id: 7, rule_base: [odds(1, 'Big'), odds(3, 'Odd'), odds(4, 'Even')], rule_num: [] }),
    '/api/Lottery/issueList': () => ok([]),
    '/api/Lottery/playOrder': () => {
      balance = '50.00';
      return ok({ issue: ISSUE, play_type: '1,3', play_method: 'Big,Odd', quantity: '50.00', after_quantity: '50.00', createtime: 3 }, 'Bet placed');
    },
  });
  configureApiClient({ fetch: api.fetch });
  screenAt('/betRoom', <BetRoomScreen />, '/betRoom?id=1&game_id=7&title=Beginner');
  return api;
}

const type = async (text: string) => {
  const input = await screen.findByTestId('chat-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(screen.getByTestId('chat-send'));
  return input as HTMLInputElement;
};
const callsTo = (api: ReturnType<typeof open>, path: string) => api.calls.filter((c) => c.path === path);

describe('bet by message in the room', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });
  beforeEach(() => {
    useSession.getState().signIn({ token: 't', user_id: 5 }, { remember: false });
    usePreferences.getState().setChatBetsAtOnce(false);
  });

  it('confirms typed bets with their odds, the total and the balance after, and places them once in the list form', async () => {
    const api = open();
    await waitFor(() => expect(callsTo(api, '/api/Lottery/oddsList').length).toBeGreaterThan(0));
    await type('大20 单30');
    expect(await screen.findByTestId('chat-bet-confirm')).toBeTruthy();
    expect(screen.getAllByTestId('chat-bet-line').map((l) => l.textContent)).toEqual(['Big×2.0020.00 u', 'Odd×2.0030.00 u']);
    expect(screen.getByTestId('chat-bet-total').textContent).toBe('50.00');
    expect(screen.getByTestId('chat-bet-balance-after').textContent).toBe('50.00');
    expect(callsTo(api, '/api/Lottery/playOrder')).toHaveLength(0);
    // A double tap: one slip, one key.
    fireEvent.click(screen.getByTestId('chat-bet-place'));
    fireEvent.click(screen.getByTestId('chat-bet-place'));
    await waitFor(() => expect(screen.getByTestId('room-balance').textContent).toBe('50.00'));
    const orders = callsTo(api, '/api/Lottery/playOrder');
    expect(new Set(orders.map((o) => o.headers['idempotency-key'])).size).toBe(1);
    expect(orders[0]!.body).toMatchObject({
      issue: ISSUE,
      plan_id: 1,
      game_id: 7,
      source: 'chat',
      bets: [
        { play_type: 1, money: '20.00' },
        { play_type: 3, money: '30.00' },
      ],
    });
    expect(orders[0]!.body.play_type).toBeUndefined();
    // Never posted as text.
    expect(callsTo(api, '/api/chat/post')).toHaveLength(0);
  });

  it('answers commands and wrong bets to the sender only, in their language, posting nothing', async () => {
    const api = open();
    await waitFor(() => expect(callsTo(api, '/api/Lottery/oddsList').length).toBeGreaterThan(0));
    const answers: [string, string, string][] = [
      ['取消', 'A placed bet stands: bets cannot be cancelled', ''],
      ['梭哈', 'There is no all-in: write each bet with its amount', ''],
      ['查', 'Your balance: 100.00 u', ''],
      ['big', '"big" has no amount', 'big'],
      ['小100', 'This bet is not available in this room', '小100'],
      ['大20 大30', 'Each bet can be chosen only once in one order', '大20 大30'],
      ['odd 5', 'Odd: the stake must be between 10.00 and 5000.00', 'odd 5'],
    ];
    for (const [text, answer, kept] of answers) {
      const input = await type(text);
      await waitFor(() => expect(screen.getByTestId('chat-error').textContent, text).toBe(answer));
      expect(input.value, text).toBe(kept);
    }
    expect(callsTo(api, '/api/chat/post')).toHaveLength(0);
    expect(callsTo(api, '/api/Lottery/playOrder')).toHaveLength(0);
    // Chat is still chat.
    await type('大家好');
    await waitFor(() => expect(callsTo(api, '/api/chat/post')).toHaveLength(1));
  });

  it('places later chat bets at once when the player chose so', async () => {
    const api = open();
    await waitFor(() => expect(callsTo(api, '/api/Lottery/oddsList').length).toBeGreaterThan(0));
    await type('big 10');
    fireEvent.click(within(await screen.findByTestId('chat-bet-at-once')));
    expect(usePreferences.getState().chatBetsAtOnce).toBe(true);
    fireEvent.click(screen.getByTestId('chat-bet-place'));
    await waitFor(() => expect(callsTo(api, '/api/Lottery/playOrder')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('chat-bet-confirm')).toBeNull());
    await type('even 20');
    await waitFor(() => expect(callsTo(api, '/api/Lottery/playOrder')).toHaveLength(2));
    expect(screen.queryByTestId('chat-bet-confirm')).toBeNull();
    expect(callsTo(api, '/api/Lottery/playOrder')[1]!.body).toMatchObject({ bets: [{ play_type: 4, money: '20.00' }], source: 'chat' });
  });

  it('the room’s menu holds the switch: off by default, kept on the device, and turned off again there', async () => {
    localStorage.removeItem(storageKeys.chatBetsAtOnce);
    usePreferences.setState({ chatBetsAtOnce: false });
    const api = open();
    await waitFor(() => expect(callsTo(api, '/api/Lottery/oddsList').length).toBeGreaterThan(0));
    const menuSwitch = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
      return screen.findByRole('switch', { name: 'Place chat bets at once' });
    };
    const closeMenu = () => fireEvent.click(document.querySelector('.room-menu')!.closest('.adm-popup')!.querySelector('.adm-mask')!);

    let toggle = await menuSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(localStorage.getItem(storageKeys.chatBetsAtOnce)).toBe('true');
    closeMenu();
    // While on, the room says so above the input, and a typed bet is placed without the confirmation.
    expect(screen.getByTestId('chat-rule-at-once').textContent).toBe('Bets you type are placed at once — change it in the menu');
    await type('big 10');
    await waitFor(() => expect(callsTo(api, '/api/Lottery/playOrder')).toHaveLength(1));
    expect(screen.queryByTestId('chat-bet-confirm')).toBeNull();
    const placed = callsTo(api, '/api/Lottery/playOrder')[0]!;
    expect(placed.body).toMatchObject({ bets: [{ play_type: 1, money: '10.00' }], source: 'chat' });
    expect(placed.headers['idempotency-key']).toMatch(/.{16,}/);

    // Off again from the menu: the next typed bet asks first.
    toggle = await menuSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(localStorage.getItem(storageKeys.chatBetsAtOnce)).toBe('false');
    closeMenu();
    expect(screen.queryByTestId('chat-rule-at-once')).toBeNull();
    await type('odd 10');
    expect(await screen.findByTestId('chat-bet-confirm')).toBeTruthy();
    expect(callsTo(api, '/api/Lottery/playOrder')).toHaveLength(1);
  });

  it('draws a bet message from its orders, leaves its bets out of the feed, and follows it for the current round only', async () => {
    const feed = [
      { nickname: 'k***y', issue: ISSUE, play_type: 1, play_method: 'Big', quantity: '20.00', after_quantity: null, mine: false, createtime: 7 },
      { nickname: 'k***y', issue: ISSUE, play_type: 3, play_method: 'Odd', quantity: '30.00', after_quantity: null, mine: false, createtime: 7 },
      { nickname: 'p***l', issue: ISSUE, play_type: 4, play_method: 'Even', quantity: '10.00', after_quantity: null, mine: false, createtime: 8 },
    ];
    open(
      [
        betMessage(1, '20250101000', [[4, '10.00']]),
        betMessage(2, ISSUE, [
          [1, '20.00'],
          [3, '30.00'],
        ]),
      ],
      feed,
    );
    const messages = await screen.findAllByTestId('chat-bet-message');
    expect(messages).toHaveLength(2);
    await waitFor(() => expect(messages[1]!.getAttribute('aria-label')).toBe('k***y bet Big 20.00, Odd 30.00'));
    expect(screen.getAllByTestId('chat-bet-order').map((o) => o.textContent)).toEqual([
      'Even 10.00 u No. 1700000000000010',
      'Big 20.00 u No. 1700000000000020',
      'Odd 30.00 u No. 1700000000000021',
    ]);
    // The two bets of the slip are shown once, by the message; the panel bet stays in the feed.
    expect(screen.getAllByTestId('feed-entry')).toHaveLength(1);
    const follows = screen.getAllByTestId('chat-bet-follow');
    expect(follows[0]).toHaveProperty('disabled', true);
    fireEvent.click(follows[1]!);
    expect(await screen.findByTestId('bet-class-1')).toHaveProperty('ariaPressed', 'true');
    expect(screen.getByTestId('bet-class-3')).toHaveProperty('ariaPressed', 'true');
    expect(screen.getByTestId('bet-total').textContent).toBe('40.00');
  });
});

/** The checkbox's input (antd-mobile draws a label around it). */
const within = (el: HTMLElement) => el.querySelector('input') ?? el;
