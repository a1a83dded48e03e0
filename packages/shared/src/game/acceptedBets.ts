/**
 * The accepted-bets list of one room's round (docs/design.md#the-accepted-bets-list): every bet the
 * round accepted in that room, built once betting has closed and the last bet in flight committed, and
 * published as its count and SHA-256 so that nobody — the operator included — can add, drop or change
 * a bet once the list is out. Its canonical form, which the server hashes and a browser recomputes:
 *
 *   lucky28-accepted-bets/1 TAB <game id> TAB <issue> TAB <room id> LF
 *   <order number> TAB <masked nickname> TAB <class id> TAB <amount> LF      (one line per bet)
 *
 * rows in the order of the bets' order ids (the order they were written), the amount as the API writes
 * money ("10.00": units, a point, two decimals), the nickname masked as the feeds mask it
 * (maskedName.ts) as it was when the list was built; a tab, CR or LF inside a field (no stored name
 * holds one) is written as U+FFFD, so a field can never pass for another. The hash is SHA-256 of the
 * text's UTF-8 bytes, 64 lowercase hex characters. The fixed test vectors:
 * fixtures/acceptedBetsVectors.json.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const ACCEPTED_BETS_FORMAT = 'lucky28-accepted-bets/1';

/** Which list: a room of a game's round. */
export interface AcceptedBetsOf {
  gameId: number;
  issue: string;
  roomId: number;
}

/** One accepted bet as the list shows it (and as `fair.acceptedBets` answers it). */
export interface AcceptedBetRow {
  order_no: string;
  /** Masked (maskNickname). */
  nickname: string;
  /** The bet class id (`play_type`). */
  class: number;
  /** "10.00" */
  amount: string;
}

const FIELD_BREAKS = /[\t\r\n]/g;
const field = (value: string | number) => String(value).replace(FIELD_BREAKS, '\uFFFD');
const line = (fields: (string | number)[]) => `${fields.map(field).join('\t')}\n`;

/** The list's first line: what it is and whose it is. */
export const acceptedBetsHeader = (of: AcceptedBetsOf): string => line([ACCEPTED_BETS_FORMAT, of.gameId, of.issue, of.roomId]);

/** One bet's line of the canonical form, its LF included. */
export const acceptedBetLine = (row: AcceptedBetRow): string => line([row.order_no, row.nickname, row.class, row.amount]);

/** The whole canonical text (small lists and tests; a long list is hashed page by page with acceptedBetsHasher). */
export function acceptedBetsText(of: AcceptedBetsOf, rows: readonly AcceptedBetRow[]): string {
  return acceptedBetsHeader(of) + rows.map(acceptedBetLine).join('');
}

/** Hashes a list as its pages arrive: `add` each page's rows in order, then `hex`. */
export function acceptedBetsHasher(of: AcceptedBetsOf) {
  const hash = sha256.create().update(utf8ToBytes(acceptedBetsHeader(of)));
  let count = 0;
  return {
    add(rows: readonly AcceptedBetRow[]): void {
      for (const row of rows) hash.update(utf8ToBytes(acceptedBetLine(row)));
      count += rows.length;
    },
    get count(): number {
      return count;
    },
    /** The SHA-256 of everything added, hex; the hasher is finished after it. */
    hex(): string {
      return bytesToHex(hash.digest());
    },
  };
}

/** The list's SHA-256, 64 lowercase hex characters. */
export function acceptedBetsHash(of: AcceptedBetsOf, rows: readonly AcceptedBetRow[]): string {
  const hasher = acceptedBetsHasher(of);
  hasher.add(rows);
  return hasher.hex();
}

/** Whether rows are exactly the list published as `count` bets with `hash`. */
export function acceptedBetsMatch(of: AcceptedBetsOf, rows: readonly AcceptedBetRow[], published: { count: number; hash: string }): boolean {
  return rows.length === published.count && acceptedBetsHash(of, rows) === published.hash;
}
