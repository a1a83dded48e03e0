import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@lucky28/shared/schemas';
import { roomState } from '../test/roomData';
import { addNewer, addOlder, CHAT_KEEP, emptyChat, firstChatId, lastChatId, mergeChat, timeline, withRoom } from './chat';

const msg = (id: number, createtime = id * 10, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  plan_id: 1,
  kind: 'player',
  nickname: 'a***e',
  text: `m${id}`,
  mine: false,
  system: null,
  removed: false,
  createtime,
  bet: null,
  ...patch,
});

describe('mergeChat', () => {
  it('replaces a message shown when it comes again removed by an operator, and never un-removes one', () => {
    const a = [msg(1), msg(2)];
    const removed = mergeChat(a, [msg(2, 20, { removed: true, text: '' })]);
    expect(removed.map((m) => [m.id, m.removed])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(mergeChat(removed, [msg(2)])).toBe(removed);
  });

  it('appends newer messages and keeps the list when nothing is new', () => {
    const a = [msg(1), msg(2)];
    expect(mergeChat(a, []).map((m) => m.id)).toEqual([1, 2]);
    expect(mergeChat(a, [msg(2), msg(1)])).toBe(a);
    expect(mergeChat(a, [msg(3), msg(4)]).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('de-duplicates by id, whatever the order of arrival (stream event, own post, catch-up)', () => {
    const a = [msg(1), msg(3)];
    const first = a[1];
    const merged = mergeChat(a, [msg(5), msg(2), msg(3, 30, { text: 'again' }), msg(5), msg(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    // The message already shown keeps its object.
    expect(merged[2]).toBe(first);
  });

  it('puts an older page before the shown ones', () => {
    expect(mergeChat([msg(10), msg(11)], [msg(7), msg(8), msg(9)]).map((m) => m.id)).toEqual([7, 8, 9, 10, 11]);
  });
});

describe('cursors and state', () => {
  it('gives the after cursor (last id) and the before cursor (first id)', () => {
    expect(lastChatId(emptyChat)).toBeNull();
    expect(firstChatId(emptyChat)).toBeNull();
    const s = addNewer(emptyChat, [msg(4), msg(9)]);
    expect(lastChatId(s)).toBe(9);
    expect(firstChatId(s)).toBe(4);
  });

  it('returns the same state when a catch-up brings only what is shown', () => {
    const s = addNewer(emptyChat, [msg(1)]);
    expect(addNewer(s, [msg(1)])).toBe(s);
  });

  it('keeps at most CHAT_KEEP messages, the oldest going, and says older ones lie before', () => {
    const many = Array.from({ length: CHAT_KEEP + 5 }, (_, i) => msg(i + 1));
    const s = addNewer(emptyChat, many);
    expect(s.list).toHaveLength(CHAT_KEEP);
    expect(firstChatId(s)).toBe(6);
    expect(s.hasOlder).toBe(true);
  });

  it('takes has_more of a backward page', () => {
    const s = addOlder({ ...emptyChat, list: [msg(5)], hasOlder: true }, [msg(3), msg(4)], false);
    expect(s.list.map((m) => m.id)).toEqual([3, 4, 5]);
    expect(s.hasOlder).toBe(false);
  });
});

describe('timeline', () => {
  const bet = (createtime: number, name: string) => ({ createtime, name });

  it('merges the bets and the messages by time, each in its own order, a message first at the same second', () => {
    const items = timeline({ ...emptyChat, list: [msg(1, 10), msg(2, 30)], hasOlder: false }, [bet(5, 'a'), bet(10, 'b'), bet(20, 'c'), bet(40, 'd')]);
    expect(items.map((i) => (i.type === 'chat' ? `m${i.message.id}` : i.bet.name))).toEqual(['a', 'm1', 'b', 'c', 'm2', 'd']);
  });

  it('shows bets alone when there is no chat, and messages alone when there are no bets', () => {
    expect(timeline(emptyChat, [bet(1, 'a')]).map((i) => i.type)).toEqual(['bet']);
    expect(timeline({ ...emptyChat, list: [msg(1)], hasOlder: false }, []).map((i) => i.type)).toEqual(['chat']);
  });

  it('leaves out bets older than the first message while older messages can still be loaded', () => {
    const items = timeline({ ...emptyChat, list: [msg(7, 50)], hasOlder: true }, [bet(10, 'old'), bet(60, 'new')]);
    expect(items.map((i) => (i.type === 'chat' ? 'msg' : i.bet.name))).toEqual(['msg', 'new']);
  });
});

describe('withRoom', () => {
  it('keeps the newest room state heard: a list answer older than a pushed change does not undo it', () => {
    const muted = withRoom(addNewer(emptyChat, [msg(1), msg(2)]), roomState({ muted: true, version: 4 }));
    expect(withRoom(muted, roomState({ muted: false, version: 3 }))).toBe(muted);
    expect(withRoom(muted, roomState({ muted: false, version: 5 })).room).toMatchObject({ muted: false, version: 5 });
    // The same version again (a list answer after the push of that change) is the same state.
    expect(withRoom(muted, roomState({ muted: true, version: 4 })).room?.muted).toBe(true);
  });

  it('drops the messages a clear covers, once its state is the newest', () => {
    const shown = addNewer(emptyChat, [msg(1), msg(2), msg(3)]);
    const cleared = withRoom(shown, roomState({ cleared_through: 2, version: 2 }));
    expect(cleared.list.map((m) => m.id)).toEqual([3]);
  });
});
