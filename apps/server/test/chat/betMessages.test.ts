/**
 * Bet by message on the server (docs/chat.md#bet-by-message): a slip placed with `source: 'chat'`
 * posts one `bet` message made from the committed orders — pushed like any message, never for a
 * refused bet, never twice under retries — and chat.post never stores a bet-shaped text.
 */
import { sql } from 'drizzle-orm';
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import type { ChatLine } from '../../src/domain/chat/messages.js';
import { defaultRateLimits } from '../../src/plugins/rateLimits.js';
import { callApi, rawCall } from '../helpers.js';
import { createGameApp, currentIssue, fundedUser, roomOf } from '../game/kit.js';

const { app, clock } = await createGameApp({ rateLimits: { ...defaultRateLimits, bet: false } });
const plan = await roomOf(app, 7, 0);

const pushed: ChatLine[] = [];
app.chatRelay.on((line) => pushed.push(line));

const betMessagesOf = async (userId: number) =>
  queryRows<{ id: number; text: string; nickname: string }>(
    app.db,
    sql`select id, text, nickname from chat_messages where user_id = ${userId} and kind = 'bet' order by id`,
  );

const SLIP = [
  { play_type: 1, money: '100' },
  { play_type: 14, money: '50' },
];

async function chatBet(token: string, key?: string, bets: unknown = SLIP, source: string | null = 'chat') {
  const issue = await currentIssue(app);
  return rawCall(app, api.lottery.playOrder, { plan_id: plan, game_id: 7, issue, bets, ...(source ? { source } : {}) }, { token, idempotencyKey: key });
}

describe('the bet message of a slip placed from the chat', () => {
  it('is made from the committed orders: masked nickname, classes, stakes, order numbers; pushed and listed', async () => {
    const user = await fundedUser(app, 500_00);
    await app.db.execute(sql`update users set nickname = 'Chatbettor' where id = ${user.userId}`);
    pushed.length = 0;
    const placed = await chatBet(user.token, 'chat-bet-1');
    expect(placed.code).toBe(1);
    const orderNos = placed.data.orders.map((o: { order_no: string }) => o.order_no);

    expect(pushed.map((l) => [l.kind, l.userId])).toEqual([['bet', user.userId]]);
    const list = await callApi(app, api.chat.list, { plan_id: plan }, { token: user.token, lang: 'en' });
    const message = list.data.list.find((m) => m.kind === 'bet' && m.mine)!;
    expect(message).toMatchObject({
      kind: 'bet',
      nickname: 'C***r',
      mine: true,
      createtime: Math.floor(clock.now() / 1000),
      bet: {
        game_id: 7,
        issue: placed.data.issue,
        quantity: '150.00',
        orders: [
          { order_no: orderNos[0], play_type: 1, quantity: '100.00' },
          { order_no: orderNos[1], play_type: 14, quantity: '50.00' },
        ],
      },
    });
    // The text is a summary from the orders (the operator's default language), not what was typed.
    expect(message.text).toBe('大 100.00 · 小雙 50.00');
    // Another viewer sees it as theirs-not-mine, the same bet.
    const guestView = await callApi(app, api.chat.list, { plan_id: plan });
    expect(guestView.data.list.find((m) => m.id === message.id)).toMatchObject({ mine: false, bet: message.bet });
    // Player messages are `bet: null`.
    const said = await callApi(app, api.chat.post, { plan_id: plan, text: 'hello all' }, { token: user.token });
    expect(said.data.bet).toBeNull();
  });

  it('is written once under retries at once and later, and again only when the first attempt died before writing it', async () => {
    const user = await fundedUser(app, 500_00);
    const answers = await Promise.all(Array.from({ length: 5 }, () => chatBet(user.token, 'chat-bet-retry')));
    expect(answers.every((r) => r.code === 1)).toBe(true);
    expect(await betMessagesOf(user.userId)).toHaveLength(1);
    expect((await chatBet(user.token, 'chat-bet-retry')).data).toEqual(answers[0]!.data);
    expect(await betMessagesOf(user.userId)).toHaveLength(1);

    // The bet committed but its message was never written (the node died between the two): the retry writes it.
    await app.db.execute(sql`delete from chat_messages where user_id = ${user.userId} and kind = 'bet'`);
    pushed.length = 0;
    expect((await chatBet(user.token, 'chat-bet-retry')).code).toBe(1);
    expect(await betMessagesOf(user.userId)).toHaveLength(1);
    expect(pushed).toHaveLength(1);
    // One slip, one pair of orders.
    const [orders] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from orders where user_id = ${user.userId}`);
    expect(orders!.n).toBe(2);
  });

  it('is not written for a refused slip, nor for a bet from the panel', async () => {
    const poor = await fundedUser(app, 20_00);
    const refused = await chatBet(poor.token, 'chat-bet-poor');
    expect(refused.msg).toBe('Insufficient balance, please deposit first');
    expect(await betMessagesOf(poor.userId)).toEqual([]);

    const panel = await fundedUser(app, 500_00);
    expect((await chatBet(panel.token, undefined, SLIP, null)).code).toBe(1);
    expect((await chatBet(panel.token, undefined, SLIP, 'panel')).code).toBe(1);
    expect(await betMessagesOf(panel.userId)).toEqual([]);
  });

  it('does not count against the chat rate: a player who bet from the chat still chats', async () => {
    const user = await fundedUser(app, 5_000_00);
    for (let i = 0; i < 6; i++) expect((await chatBet(user.token, `chat-bet-rate-${i}`)).code).toBe(1);
    expect(await betMessagesOf(user.userId)).toHaveLength(6);
    const said = await callApi(app, api.chat.post, { plan_id: plan, text: 'good luck' }, { token: user.token });
    expect(said.code).toBe(1);
  });
});

describe('chat.post and bet-shaped text', () => {
  it('refuses a bet, a command or a wrong bet in the sender’s language, storing nothing; chat passes', async () => {
    clock.advance(60_000);
    const user = await fundedUser(app, 0);
    const [{ n: before }] = (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from chat_messages`)) as [{ n: number }];
    const refusals: [string, string, string, string][] = [
      ['大100 小双50', 'en', 'text', 'This message reads as a bet: confirm it to place it'],
      ['big 100', 'zh', 'text', '这条消息是一笔投注，请确认后下注'],
      ['查', 'en', 'text', 'This command is answered only to you, never posted'],
      ['梭哈', 'vi', 'text', 'Lệnh này chỉ trả lời riêng cho bạn, không đăng lên phòng chat'],
      ['大', 'en', 'text', '"大" has no amount'],
      ['极100', 'tw', 'text', '「极100」不是可投注的玩法'],
    ];
    for (const [text, lang, field, msg] of refusals) {
      const res = await callApi(app, api.chat.post, { plan_id: plan, text }, { token: user.token, lang });
      expect([res.code, res.field, res.msg], text).toEqual([0, field, msg]);
    }
    const [{ n: after }] = (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from chat_messages`)) as [{ n: number }];
    expect(after).toBe(before);
    for (const text of ['大家好', '大100!', '666'])
      expect((await callApi(app, api.chat.post, { plan_id: plan, text }, { token: user.token })).code, text).toBe(1);
  });
});
