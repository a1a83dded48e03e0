import { CSV_BOM, csvRow, translate } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import type { ExportContext, ExportList } from './lists.js';

/** Rows per chunk handed to the socket: the chunks are small, the pages are what bound memory. */
const CHUNK_ROWS = 200;

/**
 * A list as CSV text, chunk by chunk: the BOM and the header row in the caller's language, then the
 * rows as the list reads them page by page. `count` is told each row written (the audit's row count).
 */
export async function* csvChunks<F>(
  list: ExportList<F>,
  db: DbOrTx,
  filters: F,
  ctx: ExportContext,
  pageSize: number,
  count: () => void,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(list.columns.map((c) => translate(ctx.lang, c.header)));
  let chunk = '';
  let n = 0;
  for await (const row of list.rows(db, filters, ctx, pageSize)) {
    chunk += csvRow(list.columns.map((c) => c.cell(row, ctx)));
    count();
    if (++n % CHUNK_ROWS === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
