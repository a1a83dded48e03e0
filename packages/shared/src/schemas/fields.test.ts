import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validate } from './validate.js';
import { INT4_MAX, flagField, hasForbiddenChars, idField, intListField, optionalInt, optionalText, requiredText } from './fields.js';

const schema = z.object({
  name: requiredText('err.username_required', { max: 5, invalid: 'err.username_invalid' }),
  note: optionalText({ max: 8 }),
  body: optionalText({ max: 20, multiline: true }),
  id: idField('err.not_found'),
  page: optionalInt({ min: 1, max: 10, invalid: 'err.bad_request' }),
  list: intListField({ maxItems: 3, maxItem: 127, invalid: 'err.bet_class_invalid' }),
  remember: flagField(),
});

const refusal = (input: Record<string, unknown>) => {
  const r = validate(schema, { name: 'ab', id: 1, ...input });
  return r.ok ? 'accepted' : `${r.error.field}: ${r.error.message}`;
};
const value = (input: Record<string, unknown>) => {
  const r = validate(schema, { name: 'ab', id: 1, ...input });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

describe('text fields', () => {
  it('trim, accept numbers as text, and turn blank optional text into undefined', () => {
    expect(value({ name: '  ab ', note: '   ' })).toMatchObject({ name: 'ab', note: undefined });
    expect(value({ name: 123 }).name).toBe('123');
    expect(value({ note: null }).note).toBeUndefined();
  });

  it('refuse a missing or blank required text with its own message', () => {
    expect(refusal({ name: undefined })).toBe('name: err.username_required');
    expect(refusal({ name: null })).toBe('name: err.username_required');
    expect(refusal({ name: '  ' })).toBe('name: err.username_required');
  });

  it('refuse what is too long, control characters and arrays or objects where a text is meant', () => {
    expect(refusal({ name: 'abcdef' })).toBe('name: err.username_invalid');
    expect(refusal({ name: 'a'.repeat(3000) })).toBe('name: err.username_invalid');
    expect(refusal({ name: 'a\u0000b' })).toBe('name: err.username_invalid');
    expect(refusal({ name: ['ab'] })).toBe('name: err.username_invalid');
    expect(refusal({ name: { a: 1 } })).toBe('name: err.username_invalid');
    expect(refusal({ name: true })).toBe('name: err.username_invalid');
    expect(refusal({ note: 'x'.repeat(9) })).toBe('note: err.text_too_long');
    expect(refusal({ note: 'a\u0007' })).toBe('note: err.text_bad_chars');
    expect(refusal({ note: 'a\u202Eb' })).toBe('note: err.text_bad_chars');
    expect(refusal({ note: ['x'] })).toBe('note: err.text_invalid');
  });

  it('accept line breaks only in multi-line fields', () => {
    expect(value({ body: 'line 1\nline 2\tend' }).body).toBe('line 1\nline 2\tend');
    expect(refusal({ note: 'a\nb' })).toBe('note: err.text_bad_chars');
    expect(refusal({ body: 'a\u0000b' })).toBe('body: err.text_bad_chars');
    expect(hasForbiddenChars('\ud800 lone surrogate')).toBe(true);
    expect(hasForbiddenChars('张三 Nguyễn Văn A 🎲')).toBe(false);
  });
});

describe('integer fields', () => {
  it('accept a number or decimal digits within range', () => {
    expect(value({ id: '42' }).id).toBe(42);
    expect(value({ id: INT4_MAX }).id).toBe(INT4_MAX);
    expect(value({ page: '' }).page).toBeUndefined();
  });

  it('refuse digits with white space, a sign or leading zeros rather than reading the number they might mean', () => {
    for (const id of [' 7 ', '7 ', ' 7', '+7', '07', '007', '7\t', '1 2']) {
      expect(refusal({ id }), JSON.stringify(id)).toBe('id: err.not_found');
    }
    for (const page of [' 2', '02', '+2']) expect(refusal({ page }), page).toBe('page: err.bad_request');
  });

  it('refuse beyond the column range, fractions, exponents, arrays and other types', () => {
    for (const id of [INT4_MAX + 1, '2147483648', 1e300, '1e3', 1.5, '1.5', 0, -1, '0x10', [1], ['1'], { id: 1 }, true, 'abc', '']) {
      expect(refusal({ id }), JSON.stringify(id)).toBe('id: err.not_found');
    }
    expect(refusal({ id: undefined })).toBe('id: err.not_found');
    expect(refusal({ page: 11 })).toBe('page: err.bad_request');
    expect(refusal({ page: [2] })).toBe('page: err.bad_request');
  });
});

describe('list fields', () => {
  it('read "1,3,11", a single number or an array, in order', () => {
    expect(value({ list: '1,3,11' }).list).toEqual([1, 3, 11]);
    expect(value({ list: 11 }).list).toEqual([11]);
    expect(value({ list: [1, '3'] }).list).toEqual([1, 3]);
    expect(value({}).list).toEqual([]);
    expect(value({ list: '' }).list).toEqual([]);
  });

  it('accept one trailing comma (a client that writes one after each item), and no other empty item', () => {
    expect(value({ list: '1,3,' }).list).toEqual([1, 3]);
    expect(value({ list: '1,' }).list).toEqual([1]);
    for (const list of [',1', '1,,3', '1,3,,', ',', ' ']) expect(refusal({ list }), list).toBe('list: err.bet_class_invalid');
  });

  it('refuse an item given twice, leading zeros and white space rather than merging or reading them', () => {
    const repeated = z.object({ list: intListField({ maxItems: 3, maxItem: 127, invalid: 'err.bet_class_invalid', repeated: 'err.bet_class_repeated' }) });
    const judge = (list: unknown) => {
      const r = validate(repeated, { list });
      return r.ok ? 'accepted' : r.error.message;
    };
    for (const list of ['1,1', '1,3,1', [1, 1], [1, '1'], ['3', 3]]) expect(judge(list), JSON.stringify(list)).toBe('err.bet_class_repeated');
    // Without a message of its own, a repeated item is a malformed list.
    expect(refusal({ list: '1,1' })).toBe('list: err.bet_class_invalid');
    for (const list of ['01', '1,03', ['01'], ' 1', '1, 3', '1 ,3', '+1']) expect(judge(list), JSON.stringify(list)).toBe('err.bet_class_invalid');
  });

  it('refuse more items than allowed before reading them, and malformed items', () => {
    expect(refusal({ list: '1,2,3,4' })).toBe('list: err.bet_class_invalid');
    expect(refusal({ list: [1, 2, 3, 4] })).toBe('list: err.bet_class_invalid');
    // 100,000 ids: refused on the length of the text alone.
    expect(refusal({ list: Array.from({ length: 100_000 }, (_, i) => i).join(',') })).toBe('list: err.bet_class_invalid');
    expect(refusal({ list: 'big' })).toBe('list: err.bet_class_invalid');
    expect(refusal({ list: '1,200' })).toBe('list: err.bet_class_invalid');
    expect(refusal({ list: [[1]] })).toBe('list: err.bet_class_invalid');
    expect(refusal({ list: { 0: 1 } })).toBe('list: err.bet_class_invalid');
  });
});

describe('flags', () => {
  it('read the usual spellings and refuse anything else', () => {
    expect(value({ remember: '1' }).remember).toBe(true);
    expect(value({ remember: true }).remember).toBe(true);
    expect(value({ remember: 'false' }).remember).toBe(false);
    expect(value({}).remember).toBe(false);
    expect(refusal({ remember: 'yes' })).toBe('remember: err.bad_request');
    expect(refusal({ remember: [1] })).toBe('remember: err.bad_request');
  });
});
