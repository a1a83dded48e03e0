import { describe, expect, it } from 'vitest';
import { REAL_NAME_FIELDS, realNameProblem } from './realName';

describe('realNameProblem (in the order of docs/product.md#validation-rules)', () => {
  it('asks for the name, the ID number, the front, then the back', () => {
    const full = { truename: '张三', idcard: '110101', front: '/api/common/file/a', back: '/api/common/file/b' };
    expect(realNameProblem({ ...full, truename: ' ', idcard: '', front: '', back: '' })).toBe('err.realname_name_required');
    expect(realNameProblem({ ...full, idcard: '', front: '', back: '' })).toBe('err.idcard_required');
    expect(realNameProblem({ ...full, front: '', back: '' })).toBe('err.realname_front_required');
    expect(realNameProblem({ ...full, back: '' })).toBe('err.realname_back_required');
    expect(realNameProblem(full)).toBeNull();
  });

  it('names the field of each check', () => {
    expect(REAL_NAME_FIELDS['err.idcard_required']).toBe('idcard');
    expect(REAL_NAME_FIELDS['err.realname_back_required']).toBe('idcard_fan');
  });
});
