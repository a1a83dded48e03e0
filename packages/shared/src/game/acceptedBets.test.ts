import { describe, expect, it } from 'vitest';
import vectors from './fixtures/acceptedBetsVectors.json';
import { acceptedBetsHash, acceptedBetsHasher, acceptedBetsMatch, acceptedBetsText, type AcceptedBetRow } from './acceptedBets.js';
import { maskNickname } from './maskedName.js';

const lists = vectors.lists.map((l) => [l.name, l] as const);
const busy = vectors.lists.find((l) => l.rows.length > 2)!;
const of = { gameId: busy.gameId, issue: busy.issue, roomId: busy.roomId };
const published = { count: busy.rows.length, hash: busy.sha256 };

describe('the accepted-bets list (docs/design.md#the-accepted-bets-list)', () => {
  it.each(lists)('matches the fixed vector "%s": text and SHA-256', (_, l) => {
    const list = { gameId: l.gameId, issue: l.issue, roomId: l.roomId };
    expect(acceptedBetsText(list, l.rows)).toBe(l.text);
    expect(acceptedBetsHash(list, l.rows)).toBe(l.sha256);
    expect(acceptedBetsMatch(list, l.rows, { count: l.rows.length, hash: l.sha256 })).toBe(true);
  });

  it('hashes page by page as it hashes the whole list', () => {
    const hasher = acceptedBetsHasher(of);
    hasher.add(busy.rows.slice(0, 2));
    hasher.add([]);
    hasher.add(busy.rows.slice(2));
    expect(hasher.count).toBe(busy.rows.length);
    expect(hasher.hex()).toBe(busy.sha256);
  });

  const edits: [string, (row: AcceptedBetRow) => AcceptedBetRow][] = [
    ['order number', (r) => ({ ...r, order_no: r.order_no.replace(/.$/, (d) => String((Number(d) + 1) % 10)) })],
    ['nickname', (r) => ({ ...r, nickname: `${r.nickname}x` })],
    ['class', (r) => ({ ...r, class: r.class + 1 })],
    ['amount', (r) => ({ ...r, amount: '10.01' })],
    ['amount written otherwise', (r) => ({ ...r, amount: r.amount.replace(/\.00$/, '') })],
  ];
  it.each(edits)('fails on any row with its %s edited', (_, edit) => {
    for (let i = 0; i < busy.rows.length; i++) {
      const rows = busy.rows.map((r, j) => (j === i ? edit(r) : r));
      if (JSON.stringify(rows) === JSON.stringify(busy.rows)) continue;
      expect(acceptedBetsMatch(of, rows, published), `row ${i}`).toBe(false);
    }
  });

  it('fails on a row added anywhere, a row removed, two rows swapped, or the list of another room or round', () => {
    const extra = { order_no: '20251231235959000099', nickname: 'z***z', class: 2, amount: '1.00' };
    for (let i = 0; i <= busy.rows.length; i++) {
      const rows = [...busy.rows.slice(0, i), extra, ...busy.rows.slice(i)];
      expect(acceptedBetsMatch(of, rows, { count: rows.length, hash: busy.sha256 })).toBe(false);
    }
    for (let i = 0; i < busy.rows.length; i++) {
      const rows = busy.rows.filter((_, j) => j !== i);
      expect(acceptedBetsMatch(of, rows, { count: rows.length, hash: busy.sha256 })).toBe(false);
      expect(acceptedBetsMatch(of, rows, published)).toBe(false);
    }
    const swapped = [busy.rows[1]!, busy.rows[0]!, ...busy.rows.slice(2)];
    expect(acceptedBetsMatch(of, swapped, published)).toBe(false);
    expect(acceptedBetsMatch({ ...of, roomId: of.roomId + 1 }, busy.rows, published)).toBe(false);
    expect(acceptedBetsMatch({ ...of, issue: '20251231481' }, busy.rows, published)).toBe(false);
  });

  it('keeps a tab or line break inside a field from passing for the next field or row', () => {
    const split = [{ order_no: '1', nickname: 'a\t2', class: 3, amount: '1.00' }];
    const other = [{ order_no: '1', nickname: 'a', class: 2, amount: '3\t1.00' }];
    expect(acceptedBetsHash(of, split)).not.toBe(acceptedBetsHash(of, other));
    expect(acceptedBetsText(of, split).split('\n')).toHaveLength(3);
  });

  it('masks names as the feeds do, counting characters as code points', () => {
    expect(maskNickname('alice')).toBe('a***e');
    expect(maskNickname('bo')).toBe('b*');
    expect(maskNickname('x')).toBe('x*');
    expect(maskNickname('')).toBe('*');
    expect(maskNickname('🎲lucky🍀')).toBe('🎲***🍀');
  });
});
