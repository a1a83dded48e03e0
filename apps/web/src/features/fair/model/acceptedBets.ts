/**
 * Browser-side check of a room's accepted-bets list (docs/design.md#the-accepted-bets-list): its pages
 * are fetched in order and hashed as they arrive with packages/shared's canonical form — the very code
 * the server hashed it with — and the result compared with the count and hash published at the close.
 */
import { acceptedBetsHasher, type AcceptedBetRow, type AcceptedBetsOf } from '@lucky28/shared/game';

/** One page as `fair.acceptedBets` answers it. */
export interface AcceptedBetsPage {
  built: boolean;
  count: number | null;
  hash: string | null;
  rows: AcceptedBetRow[];
}

export type AcceptedBetsCheck =
  | { state: 'not-built' }
  | {
      state: 'checked';
      /** The rows hash to the published hash, and there are as many as published. */
      match: boolean;
      count: number;
      hash: string;
      computed: string;
      rows: AcceptedBetRow[];
    };

/** The size of the pages asked for (the call's maximum). */
export const CHECK_PAGE_SIZE = 500;

export async function checkAcceptedBets(
  of: AcceptedBetsOf,
  fetchPage: (page: number, limit: number) => Promise<AcceptedBetsPage>,
  opts: { onProgress?: (done: number, count: number) => void; signal?: AbortSignal } = {},
): Promise<AcceptedBetsCheck> {
  const hasher = acceptedBetsHasher(of);
  const rows: AcceptedBetRow[] = [];
  let published: { count: number; hash: string } | null = null;
  for (let page = 1; ; page++) {
    opts.signal?.throwIfAborted();
    const answer = await fetchPage(page, CHECK_PAGE_SIZE);
    if (!answer.built || answer.count === null || answer.hash === null) return { state: 'not-built' };
    published ??= { count: answer.count, hash: answer.hash };
    hasher.add(answer.rows);
    rows.push(...answer.rows);
    opts.onProgress?.(rows.length, published.count);
    // A short page is the last; a list never longer than it said ends there too.
    if (answer.rows.length < CHECK_PAGE_SIZE || rows.length > published.count) break;
  }
  const computed = hasher.hex();
  return { state: 'checked', match: computed === published.hash && rows.length === published.count, ...published, computed, rows };
}

/** The player's own row, by the order number their bet history shows. */
export const findOrder = (rows: readonly AcceptedBetRow[], orderNo: string): AcceptedBetRow | undefined => {
  const wanted = orderNo.trim();
  return wanted ? rows.find((r) => r.order_no === wanted) : undefined;
};
