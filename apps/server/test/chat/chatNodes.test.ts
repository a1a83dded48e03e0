/**
 * The room chat across two nodes on one database (docs/chat.md): a message posted on one node is
 * pushed over the live stream of the other (LISTEN/NOTIFY, as the bets cross), to the room's viewers
 * only, marked `mine` on its author's stream alone, and read with chat.list on either node — the
 * polling fallback, and where a stream resumes after it reconnects.
 */
import { api } from '@lucky28/shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { callApi, registerUser } from '../helpers.js';
import { roomOf, T0 } from '../game/kit.js';
import { listenForStreams } from '../game/streamClient.js';
import { startTwoNodes } from '../game/twoDatabases.js';

const clock = new ManualClock(T0 + 5_000);
const { nodeA, nodeB, close } = await startTwoNodes('lucky28_tc', { clock, checkAnswers: true });
await Promise.all([nodeA.game.init(), nodeB.game.init()]);
const { streamOf, closeAll } = await listenForStreams(nodeB);
afterAll(async () => {
  closeAll();
  await close();
});

describe('the chat on two nodes', () => {
  it('pushes a message posted on node A to the room’s streams on node B, `mine` only on the author’s', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const elsewhere = await roomOf(nodeA, 7, 1);
    const alice = await registerUser(nodeA, { username: 'alicenodes' });
    const guest = await streamOf(`?plan_id=${plan}&lang=en`);
    const own = await streamOf(`?plan_id=${plan}&lang=en`, { token: alice.token });
    const other = await streamOf(`?plan_id=${elsewhere}&lang=en`);
    for (const r of [guest, own, other]) await r.next((e) => e.event === 'heart');

    const posted = await callApi(nodeA, api.chat.post, { plan_id: plan, text: 'hello from A 🎲' }, { token: alice.token });
    expect(posted.code).toBe(1);
    const seen = await guest.next((e) => e.event === 'chat');
    expect(seen.data).toEqual({ ...posted.data, mine: false });
    expect(seen.data).toMatchObject({ plan_id: plan, kind: 'player', nickname: 'a***s', text: 'hello from A 🎲' });
    const mine = await own.next((e) => e.event === 'chat');
    expect(mine.data).toEqual(posted.data);
    expect(mine.data.mine).toBe(true);
    // Another room's viewers get nothing of it.
    await new Promise((r) => setTimeout(r, 200));
    expect(other.events.some((e) => e.event === 'chat')).toBe(false);

    // Node B reads it too: the polling fallback, from the last id a client had.
    const listed = await callApi(nodeB, api.chat.list, { plan_id: plan, after: posted.data.id - 1 }, { token: alice.token });
    expect(listed.data.list).toEqual([posted.data]);
  });

  it('pushes a message posted on node B to its own stream viewers at once, and node A lists it', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const bob = await registerUser(nodeB);
    const viewer = await streamOf(`?plan_id=${plan}&lang=zh`);
    await viewer.next((e) => e.event === 'heart');
    const posted = await callApi(nodeB, api.chat.post, { plan_id: plan, text: '跟一手吧' }, { token: bob.token });
    expect(posted.code).toBe(1);
    expect((await viewer.next((e) => e.event === 'chat')).data).toEqual({ ...posted.data, mine: false });
    const onA = await callApi(nodeA, api.chat.list, { plan_id: plan });
    expect(onA.data.list.at(-1)).toEqual({ ...posted.data, mine: false });
  });

  it('a stream that reconnects resumes with chat.list after the last id it saw', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const carol = await registerUser(nodeA);
    const first = await callApi(nodeA, api.chat.post, { plan_id: plan, text: 'before the gap' }, { token: carol.token });
    // Node B's chat.list answers from its cache (live/chatListCache.ts), which learns of A's message when B
    // hears of it, as its streams do: the resuming client's read comes after that.
    const heardOnB = new Promise<void>((resolve) => {
      const off = nodeB.chatRelay.on((line) => {
        if (line.text === 'during the gap') {
          off();
          resolve();
        }
      });
    });
    // Posted while no stream is open: missed by every stream, found by the cursor.
    const missed = await callApi(nodeA, api.chat.post, { plan_id: plan, text: 'during the gap' }, { token: carol.token });
    await heardOnB;
    const resumed = await callApi(nodeB, api.chat.list, { plan_id: plan, after: first.data.id });
    expect(resumed.data.list.map((m) => m.text)).toEqual(['during the gap']);
    expect(resumed.data.list[0]!.id).toBe(missed.data.id);
    expect(resumed.data.has_more).toBe(false);
  });
});
