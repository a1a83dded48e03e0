import { describe, expect, it } from 'vitest';
import { holderNameKey, isSameHolderName } from './holderName.js';

describe('a card holder against the verified real name', () => {
  it('ignores white space (inner ones too), full-width forms, letter case and middle dots', () => {
    const same: [string, string][] = [
      ['张三', '张三'],
      [' 张 三 ', '张三'],
      ['张\u3000三', '张三'],
      ['ＺＨＡＮＧ　ＳＡＮ', 'Zhang San'],
      ['zhang san', 'ZHANG SAN'],
      ['ZhangSan', 'Zhang  San'],
      ['阿依古丽·买买提', '阿依古丽买买提'],
      ['阿依古丽・买买提', '阿依古丽•买买提'],
      ['Nguyễn Văn A', 'NGUYỄN VĂN A'],
      // NFKC composes a letter and its combining accent.
      ['Nguye\u0302\u0303n Van A', 'Nguyễn Van A'],
    ];
    for (const [a, b] of same) expect(isSameHolderName(a, b), `${a} / ${b}`).toBe(true);
  });

  it('keeps every other difference: another character, another order, a missing part, nothing at all', () => {
    const different: [string, string][] = [
      ['张三', '张山'],
      ['張三', '张三'],
      ['Zhang San', 'San Zhang'],
      ['Zhang San', 'Zhang'],
      ['Nguyen Van A', 'Nguyễn Văn A'],
      ['', ''],
      [' ', ' '],
    ];
    for (const [a, b] of different) expect(isSameHolderName(a, b), `${a} / ${b}`).toBe(false);
    expect(holderNameKey(' Zhang·San ')).toBe('zhangsan');
  });
});
