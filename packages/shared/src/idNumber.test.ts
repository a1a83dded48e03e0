import { describe, expect, it } from 'vitest';
import { cnCheckDigit, idNumberProblem, isCnIdNumber, isPassportNumber, isTwIdNumber, normaliseIdNumber } from './idNumber.js';
import { profileSchema, shimingSchema, validate } from './schemas/index.js';

describe('mainland ID numbers', () => {
  it('accepts a number whose check digit matches, X included', () => {
    expect(cnCheckDigit('11010519491231002')).toBe('X');
    expect(isCnIdNumber('11010519491231002X')).toBe(true);
    expect(isCnIdNumber('440524198001010013')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length, letters and an impossible birth date', () => {
    expect(isCnIdNumber('110105194912310021')).toBe(false);
    expect(isCnIdNumber('11010519491231002')).toBe(false);
    expect(isCnIdNumber('1101051949123100AX')).toBe(false);
    const feb30 = '11010519490230002';
    expect(isCnIdNumber(feb30 + cnCheckDigit(feb30))).toBe(false);
  });
});

describe('Taiwan ID numbers', () => {
  it('accepts a letter and 9 digits with the right checksum', () => {
    expect(isTwIdNumber('A123456789')).toBe(true);
    expect(isTwIdNumber('F131232216')).toBe(true);
  });
  it('refuses a wrong checksum, a wrong second digit or length', () => {
    expect(isTwIdNumber('A123456788')).toBe(false);
    expect(isTwIdNumber('A323456789')).toBe(false);
    expect(isTwIdNumber('A12345678')).toBe(false);
    expect(isTwIdNumber('1123456789')).toBe(false);
  });
});

describe('passport numbers and the problems reported', () => {
  it('takes 5–20 letters or digits', () => {
    expect(isPassportNumber('E1234')).toBe(true);
    expect(isPassportNumber('E123')).toBe(false);
    expect(isPassportNumber('E1234567890123456789X')).toBe(false);
    expect(isPassportNumber('E12-345')).toBe(false);
  });
  it('names the type that refused, and without a type accepts only a checked ID', () => {
    expect(idNumberProblem('cn', 'abc')).toBe('err.idcard_invalid_cn');
    expect(idNumberProblem('tw', 'A123456788')).toBe('err.idcard_invalid_tw');
    expect(idNumberProblem('passport', 'ab')).toBe('err.idcard_invalid_passport');
    expect(idNumberProblem(undefined, 'abc')).toBe('err.idcard_invalid');
    expect(idNumberProblem(undefined, 'E12345678')).toBe('err.idcard_invalid');
    expect(idNumberProblem(undefined, 'a123456789')).toBeNull();
    expect(idNumberProblem('cn', '  ')).toBe('err.idcard_required');
  });
  it('stores what the player confirms: trimmed, letters in capitals', () => {
    expect(normaliseIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
  });
});

describe('the schemas use the same check', () => {
  it('user/profile refuses "abc" and stores a checked number in capitals', () => {
    expect(validate(profileSchema, { idcard: 'abc', id_type: 'cn' })).toMatchObject({
      ok: false,
      error: { field: 'idcard', message: 'err.idcard_invalid_cn' },
    });
    expect(validate(profileSchema, { idcard: 'abc' })).toMatchObject({ ok: false, error: { field: 'idcard', message: 'err.idcard_invalid' } });
    expect(validate(profileSchema, { idcard: 'E1234567', id_type: 'id' })).toMatchObject({ ok: false, error: { field: 'id_type' } });
    expect(validate(profileSchema, { idcard: '11010519491231002x', id_type: 'cn' })).toEqual({
      ok: true,
      value: { idcard: '11010519491231002X', id_type: 'cn' },
    });
    expect(validate(profileSchema, { idcard: 'e1234567', id_type: 'passport' })).toMatchObject({ ok: true, value: { idcard: 'E1234567' } });
    expect(validate(profileSchema, { nickname: 'Ann' })).toMatchObject({ ok: true });
  });
  it('user/shiming refuses a number that is not of its type', () => {
    const form = { truename: '张三', idcard_zheng: '/a', idcard_fan: '/b' };
    expect(validate(shimingSchema, { ...form, idcard: 'A123456788', id_type: 'tw' })).toMatchObject({
      ok: false,
      error: { field: 'idcard', message: 'err.idcard_invalid_tw' },
    });
    expect(validate(shimingSchema, { ...form, idcard: 'A123456789', id_type: 'tw' })).toMatchObject({ ok: true });
  });
});
