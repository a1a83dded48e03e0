import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('the referral reports as CSV', () => {
  it('quotes what needs quoting, ends rows with CRLF and keeps a spreadsheet from running a formula', () => {
    expect(
      toCsv(
        ['day', 'referrer', 'amount'],
        [
          ['2026-11-26', 'a,b "c"', '7.50'],
          ['2026-11-27', '=HYPERLINK("x")', '-1.00'],
          ['2026-11-28', null, 0],
        ],
      ),
    ).toBe('day,referrer,amount\r\n2026-11-26,"a,b ""c""",7.50\r\n2026-11-27,"\'=HYPERLINK(""x"")",-1.00\r\n2026-11-28,,0\r\n');
  });
});
