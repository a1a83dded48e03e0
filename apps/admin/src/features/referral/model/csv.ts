import { CSV_BOM } from '@lucky28/shared/csv';
import { saveFile } from '../../../lib/saveFile';

/** A report as CSV: the one cell rule the server's exports use too (packages/shared/src/csv.ts). */
export { toCsv } from '@lucky28/shared/csv';

/** Downloads a report as UTF-8 with a BOM, so Excel reads Chinese. */
export const downloadCsv = (name: string, text: string): void => saveFile(name, new Blob([CSV_BOM, text], { type: 'text/csv;charset=utf-8' }));
