/**
 * CSV as the server's exports and the console's own reports write it (RFC 4180: a field quoted when it
 * holds a quote, a comma or a line break; CRLF between rows), one cell rule for both. Zod-free, for
 * the console's bundle (`@lucky28/shared/csv`).
 */

/** What a file starts with so that Excel reads it as UTF-8 (Chinese and Vietnamese names intact). */
export const CSV_BOM = '\ufeff';

/** A plain number (`-50.00`, `12`): never a formula, so it stays a number in the spreadsheet. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell: `null` is empty; a text that a spreadsheet would run as a formula — one beginning with
 * `=`, `+`, `-`, `@`, a tab or a carriage return (formula injection, OWASP "CSV injection") — is
 * neutralised by a leading apostrophe, a plain number excepted; then quoted when needed.
 */
export function csvCell(value: string | number | null | undefined): string {
  const s = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row and its line end. */
export const csvRow = (cells: readonly (string | number | null | undefined)[]): string => cells.map(csvCell).join(',') + '\r\n';

/** A whole report (without the BOM: the download adds it). */
export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string => [header, ...rows].map(csvRow).join('');
