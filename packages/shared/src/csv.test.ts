import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow, toCsv } from './csv.js';

describe('csvCell', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const s of ['=1+2', '+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x")', '-', '+86 138'])
      expect(csvCell(s).replace(/^"|"$/g, '').startsWith("'"), s).toBe(true);
    expect(csvCell('=cmd|"/c calc"!A0')).toBe(`"'=cmd|""/c calc""!A0"`);
  });
  it('keeps plain numbers, negative ones included, as numbers', () => {
    expect(csvCell('-50.00')).toBe('-50.00');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('12')).toBe('12');
    expect(csvCell('-5e3')).toBe("'-5e3");
  });
  it('quotes a field with a quote, a comma or a line break; null is empty', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('张三')).toBe('张三');
  });
  it('joins rows with CRLF', () => {
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
    expect(toCsv(['h1', 'h2'], [['=x', '-1.50']])).toBe("h1,h2\r\n'=x,-1.50\r\n");
    expect(CSV_BOM).toBe('\ufeff');
  });
});
