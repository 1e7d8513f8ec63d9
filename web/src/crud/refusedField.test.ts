import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { refusedField } from './refusedField';

describe('refusedField', () => {
  const names = ['title', 'price'];

  it('finds the field a refusal names, with its message', () => {
    const error = new ApiError(400, '售价不能小于 ¥0.00', {
      code: 400,
      msg: '售价不能小于 ¥0.00',
      field: 'price',
    });
    expect(refusedField(error, names)).toEqual({ name: 'price', message: '售价不能小于 ¥0.00' });
  });

  it('ignores refusals naming no field, or one the form does not have', () => {
    expect(refusedField(new ApiError(400, 'x', { code: 400, msg: 'x' }), names)).toBeUndefined();
    expect(refusedField(new ApiError(400, 'x', { field: 'id' }), names)).toBeUndefined();
    expect(refusedField(new Error('x'), names)).toBeUndefined();
  });
});
