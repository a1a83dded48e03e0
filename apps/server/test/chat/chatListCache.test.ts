/**
 * chat.list's per-room cache (live/chatListCache.ts, docs/chat.md#the-chatlist-cache): polls from a
 * cursor are answered without reading the database, and what changes the timeline — a post, a removal,
 * a clear, a pin, a mute — is seen by the next chat.list at once, on the node where it happened and on another
 * node as soon as that node has heard of it (the moment its live streams push it); every answer the
 * same as the database's (listMessages).
 */
import { api } from '@lucky28/shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../src/clock.js';
import { CHAT_RATE, listMessages } from '../../src/domain/chat/messages.js';
import { chatMessages } from '../../src/db/schema.js';
import { roomChatSettings } from '../../src/domain/chat/moderation.js';
import { callApi, registerUser } from '../helpers.js';
import { createGameApp, roomOf, T0 } from '../game/kit.js';
import { startTwoNodes } from '../game/twoDatabases.js';
import { operatorWithRole } from '../wallet/fixtures.js';

const { app, clock } = await createGameApp();
const twoClock = new ManualClock(T0 + 5_000);
const { nodeA, nodeB, close } = await startTwoNodes('lucky28_tclc', { clock: twoClock });
await Promise.all([nodeA.game.init(), nodeB.game.init()]);
afterAll(close);

const list = (node: FastifyInstance, plan: number, body: { after?: number; before?: number; limit?: number } = {}, token?: string) =>
  callApi(node, api.chat.list, { plan_id: plan, ...body }, token ? { token } : {});
/** The database's reads of the node's cache while `work` runs. */
async function readsDuring<T>(node: FastifyInstance, work: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const before = node.chatList.counts.reads;
  const result = await work();
  return { result, reads: node.chatList.counts.reads - before };
}
/** Resolves once the node has heard of a message (`id`) from the other node, as its streams would push it. */
const heard = (node: FastifyInstance, id: number, removed = false) =>
  new Promise<void>((resolve) => {
    const off = node.chatRelay.on((line) => {
      if (line.id === id && line.removed === removed) {
        off();
        resolve();
      }
    });
  });

describe('chat.list from the cache, one node', () => {
  it('answers polls without reading the database, and sees a post, a removal, a clear and a pin at once', async () => {
    const plan = await roomOf(app, 7, 0);
    const op = { token: await operatorWithRole(app, 'moderator') };
    const alice = await registerUser(app);
    const first = await callApi(app, api.chat.post, { plan_id: plan, text: 'first' }, { token: alice.token });
    expect(first.code).toBe(1);
    await list(app, plan); // loads the room's page and settings
    await list(app, plan, {}, alice.token); // and alice's mute (none)
    const polls = await readsDuring(app, async () => {
      const guest = await list(app, plan, { after: first.data.id - 1 });
      const member = await list(app, plan, { after: first.data.id - 1 }, alice.token);
      return { guest, member };
    });
    expect(polls.reads).toBe(0);
    expect(polls.result.guest.data.list).toEqual([{ ...first.data, mine: false }]);
    expect(polls.result.member.data.list).toEqual([first.data]);

    const second = await callApi(app, api.chat.post, { plan_id: plan, text: 'second 🎲' }, { token: alice.token });
    const afterPost = await readsDuring(app, () => list(app, plan, { after: first.data.id }));
    expect(afterPost.result.data.list).toEqual([{ ...second.data, mine: false }]);
    expect(afterPost.reads).toBe(0);

    expect((await callApi(app, api.admin.chatRemove, { message_id: first.data.id }, op)).code).toBe(1);
    const afterRemoval = await readsDuring(app, () => list(app, plan));
    expect(afterRemoval.result.data.list.find((m) => m.id === first.data.id)).toMatchObject({ removed: true, text: '' });
    expect(afterRemoval.reads).toBe(0);

    expect((await callApi(app, api.admin.chatPin, { plan_id: plan, text: 'be kind' }, op)).code).toBe(1);
    expect((await list(app, plan)).data.room.pinned).toMatchObject({ text: 'be kind' });
    expect((await callApi(app, api.admin.chatClear, { plan_id: plan }, op)).code).toBe(1);
    const cleared = await list(app, plan);
    expect(cleared.data.list).toEqual([]);
    expect(cleared.data.has_more).toBe(false);
    clock.advance(CHAT_RATE.windowMs + 1);
    const third = await callApi(app, api.chat.post, { plan_id: plan, text: 'after the clear' }, { token: alice.token });
    expect((await list(app, plan, { after: second.data.id })).data.list.map((m) => m.text)).toEqual(['after the clear']);
    expect(third.code).toBe(1);

    // A member's mute: kept with the page, told at once when an operator mutes or unmutes, none past its end.
    expect((await list(app, plan, {}, alice.token)).data.my_mute).toBeNull();
    expect((await callApi(app, api.admin.chatMute, { user_id: alice.userId, minutes: 5, reason: 'calm down', shadow: false }, op)).code).toBe(1);
    const muted = await readsDuring(app, async () => [await list(app, plan, {}, alice.token), await list(app, plan, {}, alice.token)]);
    expect(muted.result.map((r) => r.data.my_mute?.reason)).toEqual(['calm down', 'calm down']);
    expect(muted.reads).toBe(1); // the mute read again once, then kept
    clock.advance(5 * 60_000 + 1);
    expect((await list(app, plan, {}, alice.token)).data.my_mute).toBeNull();
    expect((await callApi(app, api.admin.chatMute, { user_id: alice.userId, minutes: 5, reason: 'again', shadow: false }, op)).code).toBe(1);
    expect((await list(app, plan, {}, alice.token)).data.my_mute?.reason).toBe('again');
    expect((await callApi(app, api.admin.chatUnmute, { user_id: alice.userId }, op)).code).toBe(1);
    expect((await list(app, plan, {}, alice.token)).data.my_mute).toBeNull();
  });

  it('gives the database’s answer for every cursor, page size and viewer, shadowed messages included', async () => {
    const plan = await roomOf(app, 7, 1);
    const players = await Promise.all([registerUser(app), registerUser(app), registerUser(app)]);
    const shadowed = players[2]!;
    // 205 messages (written directly: the set-up, not the subject): more than the cache keeps (2 pages), so
    // older cursors fall back to the database; the shadow-muted player's are shadowed, as their posts are.
    const rows = Array.from({ length: 205 }, (_, i) => {
      const author = players[i % 3]!;
      return {
        roomId: app.game.snapshot.rooms.get(plan)!.id,
        userId: author.userId,
        kind: 'player',
        nickname: 'p***r',
        text: `m${i}`,
        createdAt: new Date(clock.now()),
        shadow: author === shadowed,
      };
    });
    const ids = (await app.db.insert(chatMessages).values(rows).returning({ id: chatMessages.id })).map((r) => r.id);
    await list(app, plan);
    const settings = await roomChatSettings(app.db, app.game.snapshot.rooms.get(plan)!.id);
    const roomId = settings.roomId;
    const viewers = [null, players[0]!.userId, shadowed.userId];
    const cursors = [
      {},
      { after: ids[0]! },
      { after: ids[40]! },
      { after: ids[190]! },
      { after: ids[204]! },
      { before: ids[204]! },
      { before: ids[150]! },
      { before: ids[20]! },
    ];
    for (const viewerId of viewers)
      for (const cursor of cursors)
        for (const limit of [1, 20, 100]) {
          const query = { roomId, ...cursor, limit, viewerId, clearedThrough: settings.clearedThrough };
          expect(await app.chatList.list(query)).toEqual(await listMessages(app.db, query));
        }
    // The newest page and polls after a recent cursor come from the cache.
    const recent = await readsDuring(app, () => app.chatList.list({ roomId, after: ids[190]!, viewerId: null, clearedThrough: 0 }));
    expect(recent.reads).toBe(0);
    expect(recent.result.lines.every((l) => !l.shadow)).toBe(true);
  });
});

describe('chat.list from the cache, two nodes', () => {
  it('node B sees a post, a removal and a clear of node A as soon as it hears of them, without reading the database for polls', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const op = { token: await operatorWithRole(nodeA, 'moderator') };
    const alice = await registerUser(nodeA);
    const first = await callApi(nodeA, api.chat.post, { plan_id: plan, text: 'on A' }, { token: alice.token });
    expect(first.code).toBe(1);
    await list(nodeB, plan); // B's page and settings, with `first`

    const posted = heard(nodeB, first.data.id + 1);
    const second = await callApi(nodeA, api.chat.post, { plan_id: plan, text: 'on A again' }, { token: alice.token });
    expect(second.data.id).toBe(first.data.id + 1);
    await posted;
    const poll = await readsDuring(nodeB, () => list(nodeB, plan, { after: first.data.id }));
    expect(poll.result.data.list).toEqual([{ ...second.data, mine: false }]);
    expect(poll.reads).toBe(0);

    const removal = heard(nodeB, second.data.id, true);
    expect((await callApi(nodeA, api.admin.chatRemove, { message_id: second.data.id }, op)).code).toBe(1);
    await removal;
    const afterRemoval = await readsDuring(nodeB, () => list(nodeB, plan, { after: first.data.id }));
    expect(afterRemoval.result.data.list).toMatchObject([{ id: second.data.id, removed: true, text: '' }]);
    expect(afterRemoval.reads).toBe(0);

    const cleared = new Promise<void>((resolve) => {
      const off = nodeB.chatRelay.onState((e) => {
        if (e.type !== 'chat_room') return;
        off();
        resolve();
      });
    });
    expect((await callApi(nodeA, api.admin.chatClear, { plan_id: plan }, op)).code).toBe(1);
    await cleared;
    const afterClear = await list(nodeB, plan);
    expect(afterClear.data.list).toEqual([]);

    expect((await list(nodeB, plan, {}, alice.token)).data.my_mute).toBeNull(); // kept on B
    const mutedOnB = new Promise<void>((resolve) => {
      const off = nodeB.chatRelay.onState((e) => {
        if (e.type !== 'chat_mute') return;
        off();
        resolve();
      });
    });
    expect((await callApi(nodeA, api.admin.chatMute, { user_id: alice.userId, minutes: 5, reason: 'spam', shadow: false }, op)).code).toBe(1);
    await mutedOnB;
    expect((await list(nodeB, plan, {}, alice.token)).data.my_mute?.reason).toBe('spam');
    // Both nodes answer alike.
    const [onA, onB] = [await list(nodeA, plan, {}, alice.token), await list(nodeB, plan, {}, alice.token)];
    expect(onB.data).toEqual(onA.data);
  });
});
