/**
 * A room's chat state pushed live (docs/chat.md#live-room-state): whatever an operator changes on one
 * node — chat off/on, slow mode, the new-account gate, the room muted or cleared, an announcement
 * pinned or unpinned — reaches every viewer of the room on the other node as a `chat_room` event, the
 * state chat.list answers (the polling fallback); a player's mute reaches that player's own streams as
 * `chat_mute` (a shadow mute never does).
 */
import { api } from '@lucky28/shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { callApi, registerUser } from '../helpers.js';
import { roomOf, T0 } from '../game/kit.js';
import { listenForStreams, type StreamReader } from '../game/streamClient.js';
import { startTwoNodes } from '../game/twoDatabases.js';
import { operatorWithRole } from '../wallet/fixtures.js';

const clock = new ManualClock(T0 + 5_000);
const { nodeA, nodeB, close } = await startTwoNodes('lucky28_trs', { clock, checkAnswers: true });
await Promise.all([nodeA.game.init(), nodeB.game.init()]);
const { streamOf, closeAll } = await listenForStreams(nodeB);
afterAll(async () => {
  closeAll();
  await close();
});

const plan = await roomOf(nodeA, 7, 0);
const elsewhere = await roomOf(nodeA, 7, 1);
const op = { token: await operatorWithRole(nodeA, 'moderator') };
const settings = { plan_id: plan, enabled: true, muted: false, slow_mode_seconds: 0, gate_settled_bet: false, gate_account_hours: 0 };

/** The next `chat_room` event a stream receives after the events it already has. */
const nextRoomState = (r: StreamReader) => r.next((e) => e.event === 'chat_room', { from: r.events.length });
/** What chat.list answers of the room (the polling fallback), on the other node. */
const listedRoom = async () => (await callApi(nodeB, api.chat.list, { plan_id: plan })).data.room;

describe('a room’s chat state, pushed live across nodes', () => {
  it('pushes every operator change of the room to its viewers, as chat.list then answers it', async () => {
    const viewer = await streamOf(`?plan_id=${plan}&lang=en`);
    const other = await streamOf(`?plan_id=${elsewhere}&lang=en`);
    await viewer.next((e) => e.event === 'heart');
    await other.next((e) => e.event === 'heart');

    const change = async (call: () => Promise<{ code: number }>) => {
      const pending = nextRoomState(viewer);
      expect((await call()).code).toBe(1);
      const pushed = (await pending).data;
      const { plan_id, ...room } = pushed;
      expect(plan_id).toBe(plan);
      expect(room).toEqual(await listedRoom());
      return pushed;
    };

    expect(await change(() => callApi(nodeA, api.admin.chatRoomUpdate, { ...settings, enabled: false }, op))).toMatchObject({ enabled: false, muted: false });
    expect(await change(() => callApi(nodeA, api.admin.chatRoomUpdate, { ...settings, slow_mode_seconds: 30 }, op))).toMatchObject({
      enabled: true,
      slow_mode_seconds: 30,
    });
    expect(await change(() => callApi(nodeA, api.admin.chatRoomUpdate, { ...settings, gate_settled_bet: true, gate_account_hours: 24 }, op))).toMatchObject({
      slow_mode_seconds: 0,
      gate_settled_bet: true,
      gate_account_hours: 24,
    });
    expect(await change(() => callApi(nodeA, api.admin.chatRoomUpdate, { ...settings, muted: true }, op))).toMatchObject({ muted: true });
    expect(await change(() => callApi(nodeA, api.admin.chatPin, { plan_id: plan, text: 'Be kind' }, op))).toMatchObject({
      pinned: { text: 'Be kind', createtime: Math.floor(clock.now() / 1000) },
    });
    expect(await change(() => callApi(nodeA, api.admin.chatUnpin, { plan_id: plan }, op))).toMatchObject({ pinned: null });

    // Cleared: the mark is the last message's id, and the viewers drop what they have up to it.
    // The room back to its settings, its push heard first: heard late, it would pass for the clear's.
    expect(await change(() => callApi(nodeA, api.admin.chatRoomUpdate, settings, op))).toMatchObject({ muted: false, cleared_through: 0 });
    const alice = await registerUser(nodeA);
    const posted = await callApi(nodeA, api.chat.post, { plan_id: plan, text: 'before the clear' }, { token: alice.token });
    expect(posted.code).toBe(1);
    expect(await change(() => callApi(nodeA, api.admin.chatClear, { plan_id: plan }, op))).toMatchObject({ cleared_through: posted.data.id });

    // Each change raised the version: a viewer keeps the newest it heard (eight changes so far).
    expect((await listedRoom()).version).toBe(8);

    // Another room's viewers heard none of it.
    expect(other.events.some((e) => e.event === 'chat_room')).toBe(false);
  });

  it('pushes a mute and its lifting to the muted player’s streams only; a shadow mute is never told', async () => {
    const bob = await registerUser(nodeA);
    const bobStream = await streamOf(`?plan_id=${plan}&lang=en`, { token: bob.token });
    const guest = await streamOf(`?plan_id=${plan}&lang=en`);
    await bobStream.next((e) => e.event === 'heart');
    await guest.next((e) => e.event === 'heart');
    const bobsMute = (from: number) => bobStream.next((e) => e.event === 'chat_mute', { from });

    let from = bobStream.events.length;
    expect((await callApi(nodeA, api.admin.chatMute, { user_id: bob.userId, minutes: 60, reason: 'spam', shadow: false }, op)).code).toBe(1);
    const muted = (await bobsMute(from)).data;
    expect(muted).toEqual({ until: Math.floor(clock.now() / 1000) + 3600, reason: 'spam' });
    expect((await callApi(nodeB, api.chat.list, { plan_id: plan }, { token: bob.token })).data.my_mute).toEqual(muted);

    from = bobStream.events.length;
    expect((await callApi(nodeA, api.admin.chatUnmute, { user_id: bob.userId }, op)).code).toBe(1);
    expect((await bobsMute(from)).data).toBeNull();

    // A shadow mute: the player is told nothing (null, as chat.list answers it).
    from = bobStream.events.length;
    expect((await callApi(nodeA, api.admin.chatMute, { user_id: bob.userId, minutes: 60, reason: 'quiet', shadow: true }, op)).code).toBe(1);
    expect((await bobsMute(from)).data).toBeNull();
    expect((await callApi(nodeB, api.chat.list, { plan_id: plan }, { token: bob.token })).data.my_mute).toBeNull();

    expect(guest.events.some((e) => e.event === 'chat_mute')).toBe(false);
  });
});
